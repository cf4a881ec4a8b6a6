using PerfAssert.Environments;
using PerfAssert.Measurement;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Reporting;

/// <summary>Deterministic synthetic results: one machine, an operation's figures from its mean, a result from those.</summary>
internal static class ReportSamples
{
    public static readonly EnvironmentInfo Machine = new() { Os = "linux", Architecture = "x64", Cores = 2, Runtime = "10.0.0", ServerGc = false };

    public static PerfResult Result(string name, double meanUs, double? bytes, IReadOnlyList<Verdict> verdicts) => new()
    {
        Name = name,
        Verdicts = verdicts,
        Subject = Operation(name, meanUs, bytes),
        Calibration = new CalibrationSummary(10_000, 0.02, 32),
        Environment = Machine,
        Seed = 1,
        Duration = TimeSpan.FromSeconds(2),
        Strict = false,
    };

    public static OperationSummary Operation(string name, double meanUs, double? bytes) => new()
    {
        Name = name,
        OpsPerSample = 4,
        MeanNs = meanUs * 1000,
        WarmupSettled = true,
        PerCall = new LatencyDistribution(200, meanUs * 1000, meanUs * 970, meanUs * 1080, meanUs * 1200, meanUs * 1600),
        Allocations = bytes is { } b
            ? new AllocationMeasurement(b, b / 3000, name.Contains("Wcf", StringComparison.Ordinal) ? b / 16000 : 0, 0, 1000, 3, AllocationScope.Process)
            : null,
    };
}
