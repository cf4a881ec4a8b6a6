namespace PerfAssert.Measurement;

/// <summary>The calibration workload in this run: its speed and how steady it was.</summary>
/// <param name="MeanNs">Mean nanoseconds per calibration run.</param>
/// <param name="Spread">(P75 - P25) / median of its sample timings; large means a noisy machine.</param>
/// <param name="Samples">The number of samples behind the figures.</param>
public sealed record CalibrationSummary(double MeanNs, double Spread, int Samples);
