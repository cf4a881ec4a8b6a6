using BenchmarkDotNet.Configs;
using BenchmarkDotNet.Exporters.Json;
using BenchmarkDotNet.Running;

// begin-snippet: benchmark-program
// cd tests/InvoiceBenchmarks && dotnet run -c Release -- --filter '*' --job short
var config = DefaultConfig.Instance.AddExporter(JsonExporter.Full);
BenchmarkSwitcher.FromAssembly(typeof(InvoiceBenchmarks.FormatBenchmarks).Assembly).Run(args, config);
// end-snippet
