using BenchmarkDotNet.Attributes;

namespace PerfAssert.BenchmarkDotNet.Tests.Discovery;

public enum Mode
{
    Fast,
    Safe,
}

public class CasesBenchmarks
{
    public static List<string> Calls { get; } = [];

    [Params(10, 100)]
    public int Size { get; set; }

    [ParamsAllValues]
    public Mode Mode { get; set; }

    [ParamsSource(nameof(Names))]
    public string Name { get; set; } = string.Empty;

    public static IEnumerable<string> Names => ["a"];

    [GlobalSetup]
    public void Setup() => Calls.Add($"setup {Size} {Mode}");

    [GlobalCleanup]
    public void Cleanup() => Calls.Add("cleanup");

    [Benchmark(Baseline = true)]
    public int Old() => Size;

    [Benchmark]
    [Arguments(3)]
    public int New(int factor) => Size * factor;
}
