using PerfAssert.Environments;
using PerfAssert.Measurement;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Assertions.Tests;

/// <summary>Synthetic verdicts and results for the outcomes a quick real run cannot produce on demand.</summary>
internal static class Samples
{
    public static Verdict Ratio(VerdictOutcome outcome, double ratio = 1.17) => new()
    {
        Subject = "MessagePack",
        Partner = "WcfText",
        Metric = "mean",
        Unit = "x",
        Measured = new Interval(ratio, ratio - 0.04, ratio + 0.04, 0.99, 16),
        Limit = 1.1,
        Outcome = outcome,
        Evidence = "16 blocks",
    };

    public static Verdict Allocation(VerdictOutcome outcome, double bytes) => new()
    {
        Subject = "Parser",
        Metric = "allocated",
        Unit = "B/op",
        Measured = new Interval(bytes, bytes, bytes, 1, 3),
        Limit = 512,
        Outcome = outcome,
        Evidence = "min of 3 x 1,000 ops",
    };

    public static PerfResult Result(params Verdict[] verdicts) => new()
    {
        Name = "Parser {fast}",
        Verdicts = verdicts,
        Subject = new OperationSummary { Name = "Parser", OpsPerSample = 4, MeanNs = 1000, WarmupSettled = true },
        Calibration = new CalibrationSummary(10_000, 0.02, 32),
        Environment = new EnvironmentInfo { Os = "linux", Architecture = "x64", Cores = 2, Runtime = "10.0.0", ServerGc = false },
        Seed = 1,
        Duration = TimeSpan.FromSeconds(1),
        Strict = false,
    };
}
