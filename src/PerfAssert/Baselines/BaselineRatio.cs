namespace PerfAssert.Baselines;

/// <summary>A latency ratio as recorded: estimate, interval, confidence level and the number of blocks behind it.</summary>
public sealed record BaselineRatio(double Estimate, double Lower, double Upper, double ConfidenceLevel, int Blocks)
{
    /// <summary>
    /// For a ratio measured against the reference build, the number of process pairs its interval is over (the pair is
    /// the unit there; <see cref="Blocks"/> counts their blocks). <see langword="null"/> otherwise, and in entries recorded
    /// before it was kept.
    /// </summary>
    public int? Pairs { get; init; }
}
