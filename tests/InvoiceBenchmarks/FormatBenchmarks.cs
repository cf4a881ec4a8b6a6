using System.Globalization;
using BenchmarkDotNet.Attributes;

namespace InvoiceBenchmarks;

// begin-snippet: benchmark-class
[MemoryDiagnoser]
public class FormatBenchmarks
{
    private InvoiceLine[] _lines = [];
    private LineFormatter _formatter = new();

    [Params(16, 128)]
    public int Rows { get; set; }

    [GlobalSetup]
    public void Setup()
    {
        _lines = [.. Enumerable.Range(0, Rows).Select(i => new InvoiceLine($"SKU-{i:D5}", i % 7 + 1, 9.99m + i))];
        _formatter = new LineFormatter();
    }

    [Benchmark(Baseline = true)]
    public string Interpolated() =>
        string.Concat(_lines.Select(l => $"{l.Sku},{l.Quantity},{l.Price.ToString(CultureInfo.InvariantCulture)}\n"));

    [Benchmark]
    public string Buffered() => _formatter.Format(_lines);
}
// end-snippet
