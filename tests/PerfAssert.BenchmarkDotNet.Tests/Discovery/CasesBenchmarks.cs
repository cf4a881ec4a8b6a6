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

public class SourcedArguments
{
    public static IEnumerable<object[]> Pairs() => [[1, "one"], [2, "two"]];

    public static IEnumerable<int> Singles => [7];

    [Benchmark]
    [ArgumentsSource(nameof(Pairs))]
    public string Repeat(int count, string text) => string.Concat(Enumerable.Repeat(text, count));

    [Benchmark]
    [ArgumentsSource(nameof(Singles))]
    public int Square(int value) => value * value;
}
