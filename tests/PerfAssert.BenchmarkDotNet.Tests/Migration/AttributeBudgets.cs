using BenchmarkDotNet.Attributes;

namespace PerfAssert.BenchmarkDotNet.Tests.Migration;

// begin-snippet: attribute-budgets
[MemoryDiagnoser]
[BenchmarkBudget(MeanAtMostBaseline = 1.10, AllocationsAtMostBaseline = true)]
public class ParseBenchmarks
{
    private readonly string _text = "12345";

    [Benchmark(Baseline = true)]
    public int Parse() => int.Parse(_text, System.Globalization.CultureInfo.InvariantCulture);

    [Benchmark]
    [BenchmarkBudget(MeanAtMostBaseline = 1.25)]
    public bool TryParse() => int.TryParse(_text, System.Globalization.CultureInfo.InvariantCulture, out _);
}
// end-snippet
