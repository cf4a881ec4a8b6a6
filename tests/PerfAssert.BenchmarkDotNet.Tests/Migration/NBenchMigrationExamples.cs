using System.Text;
using PerfAssert.Xunit;

namespace PerfAssert.BenchmarkDotNet.Tests.Migration;

/// <summary>
/// The NBench migration guide's examples (docs/migrating-from-nbench.md): compiled with the tests, so the guide cannot
/// drift from the API. They are not run here: each is a full measurement and the guide's mapping is what they show.
/// </summary>
public static class NBenchMigrationExamples
{
    private static readonly byte[] Payload = new byte[256];

    // begin-snippet: nbench-elapsed
    // NBench: [PerfBenchmark(RunMode = RunMode.Iterations, TestMode = TestMode.Test)]
    //         [ElapsedTimeAssertion(MaxTimeMilliseconds = 1)]
    public static async Task Hex_AtMostTenPercentSlowerThanBefore() =>
        await Perf.Measure("Convert.ToHexString", () => Convert.ToHexString(Payload))
            .ComparedTo("BitConverter (the code it replaces)", () => BitConverter.ToString(Payload).Replace("-", "", StringComparison.Ordinal))
            .MeanAtMost(1.10)
            .AssertAsync();
    // end-snippet

    // begin-snippet: nbench-memory
    // NBench: [MemoryAssertion(MemoryMetric.TotalBytesAllocated, MustBe.LessThanOrEqualTo, 64 * 1024)]
    public static async Task Builder_AllocatesAtMostOneKilobytePerCall() =>
        await Perf.Measure("StringBuilder(64)", () => new StringBuilder(64).Append("order-").Append(42).ToString())
            .AllocatedBytesAtMost(1024)
            .AssertAsync();
    // end-snippet

    // begin-snippet: nbench-gc
    // NBench: [GcTotalAssertion(GcMetric.TotalCollections, GcGeneration.Gen2, MustBe.ExactlyEqualTo, 0d)]
    public static async Task Builder_CausesNoGen2Collections() =>
        await Perf.Measure("StringBuilder(64)", () => new StringBuilder(64).Append("order-").Append(42).ToString())
            .GcCollectionsAtMost(generation: 2, max: 0)
            .AssertAsync();
    // end-snippet

    // begin-snippet: nbench-throughput
    // NBench: [CounterThroughputAssertion("Ops", MustBe.GreaterThan, 1_000_000d)] (operations per second)
    // PerfAssert: throughput is 1 / latency; hold the mean latency to 1 us, or better, to the code it replaces.
    public static async Task Parse_AtLeastAMillionPerSecond() =>
        await Perf.Measure("int.Parse", () => int.Parse("12345", System.Globalization.CultureInfo.InvariantCulture))
            .LatencyAtMost(TimeSpan.FromMicroseconds(1))
            .AssertAsync();
    // end-snippet

    // begin-snippet: nbench-baseline
    // NBench has no baseline file; PerfAssert keeps reviewed baselines in baselines/{file}.json.
    public static async Task Parse_StaysWithinItsCommittedBaseline() =>
        await Perf.Measure("int.Parse", () => int.Parse("12345", System.Globalization.CultureInfo.InvariantCulture))
            .AgainstBaseline("ParsePerfTests", "int.Parse")
            .AssertAsync();
    // end-snippet
}
