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

    /// <summary>
    /// How high the ratio a new run of the same change estimates may come, 99 times in 100 at this ratio's confidence: the
    /// estimate times <c>exp(h x sqrt(2))</c>, <c>h</c> the interval's half-width in log units. A new run of the same design
    /// is as precise as this one, so the difference of the two estimates spreads sqrt(2) times as much as one of them (a
    /// prediction bound, not a confidence bound). An approved slowdown's budget is never below it: a re-run of an accepted
    /// change cannot fail because the accepted run happened to measure it low.
    /// </summary>
    public double RerunBound => Lower > 0 && Upper >= Lower ? Estimate * Math.Exp(Math.Log(Upper / Lower) / 2 * Math.Sqrt(2)) : double.PositiveInfinity;
}
