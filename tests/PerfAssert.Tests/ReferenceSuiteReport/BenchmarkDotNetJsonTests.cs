using System.Text.Json;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Tests.Reporting;

namespace PerfAssert.Tests.ReferenceSuiteReport;

public sealed class BenchmarkDotNetJsonTests
{
    [Fact]
    public void Serialize_SyntheticReport_MatchesVerifiedSnapshot()
    {
        ReportSnapshot.Verify(BenchmarkDotNetJson.Serialize(ReferenceSamples.Report()), "reference-report-benchmarkdotnet", "json");
    }

    [Fact]
    public void Serialize_Row_HasBenchmarkDotNetNamesInNanosecondsAndCollectionCounts()
    {
        using var json = JsonDocument.Parse(BenchmarkDotNetJson.Serialize(ReferenceSamples.Report()));

        var benchmark = json.RootElement.GetProperty("Benchmarks").EnumerateArray()
            .Single(b => b.GetProperty("FullName").GetString() == "PerfAssert.Reference.Latency.LargeWcfText(Items: 100)");
        Assert.Equal("LargeWcfText", benchmark.GetProperty("Method").GetString());
        Assert.Equal("Items=100", benchmark.GetProperty("Parameters").GetString());
        var statistics = benchmark.GetProperty("Statistics");
        Assert.Equal(11_160_000, statistics.GetProperty("Mean").GetDouble(), 6);
        Assert.Equal(11_160_000 * 1.08, statistics.GetProperty("Percentiles").GetProperty("P95").GetDouble(), 6);
        Assert.Equal(200, statistics.GetProperty("N").GetInt32());
        var memory = benchmark.GetProperty("Memory");
        Assert.Equal(3000, memory.GetProperty("TotalOperations").GetInt64());
        Assert.Equal(30 * 1024 + 100 * 520 * 12, memory.GetProperty("BytesAllocatedPerOperation").GetInt64());
        Assert.Equal((long)Math.Round((30 * 1024 + 100 * 520 * 12) / 3000.0 * 3), memory.GetProperty("Gen0Collections").GetInt64());
    }

    [Fact]
    public void Serialize_NoPerCallAndNoAllocations_WritesMeanOnlyAndNoMemory()
    {
        using var json = JsonDocument.Parse(BenchmarkDotNetJson.Serialize(ReferenceSamples.Report()));

        var floor = json.RootElement.GetProperty("Benchmarks").EnumerateArray().Single(b => b.GetProperty("Method").GetString() == "FloorTcpEcho");
        Assert.Equal(string.Empty, floor.GetProperty("Parameters").GetString());
        Assert.Equal(56_000, floor.GetProperty("Statistics").GetProperty("Mean").GetDouble(), 6);
        Assert.False(floor.GetProperty("Statistics").TryGetProperty("Percentiles", out _));
        Assert.False(floor.TryGetProperty("Memory", out _));
    }

    [Fact]
    public void Serialize_NonFiniteFigure_IsLeftOutNotWrittenAsText()
    {
        var result = ReportSamples.Result("SmallWcfText-0", double.PositiveInfinity, 10, []);

        using var json = JsonDocument.Parse(BenchmarkDotNetJson.Serialize(new ReferenceReport([result])));

        var statistics = json.RootElement.GetProperty("Benchmarks")[0].GetProperty("Statistics");
        Assert.False(statistics.TryGetProperty("Mean", out _));
    }
}
