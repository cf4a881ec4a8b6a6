namespace PerfAssert.Baselines;

/// <summary>A latency ratio as recorded: estimate, interval, confidence level and the number of blocks behind it.</summary>
public sealed record BaselineRatio(double Estimate, double Lower, double Upper, double ConfidenceLevel, int Blocks);
