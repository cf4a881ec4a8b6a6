using System.Globalization;
using System.Net.Http.Json;
using System.Text;
using PerfAssert;
using PerfAssert.Reporting;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;

// The main job: runs the reference comparison on loopback targets and writes its report.
// Walking skeleton: the minimal API System.Text.Json echo only; the full suite replaces this body.
var output = args.Length > 1 && args[0] == "--out" ? args[1] : Path.Combine("artifacts", "reference");
Directory.CreateDirectory(output);
await using var host = await TargetHost.StartAsync();
using var client = host.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(30));

var results = new List<PerfResult>();
foreach (var count in new[] { 0, 10, 100 })
{
    var small = PayloadGenerator.Small(count);
    var large = PayloadGenerator.Large(count);
    foreach (var (name, run) in new (string, Func<CancellationToken, Task>)[]
    {
        ($"SmallAspNetCoreMinimalStj-{count}", ct => EchoAsync(client, "minimal/stj/small", small, ct)),
        ($"LargeAspNetCoreMinimalStj-{count}", ct => EchoAsync(client, "minimal/stj/large", large, ct)),
    })
    {
        Console.Error.WriteLine($"measuring {name} ...");
        results.Add(await Perf.Measure(name, run).WithAllocations().WithPercentiles(500).RunAsync());
    }
}

var table = new StringBuilder()
    .AppendLine("| method | items | mean (us) | P95 (us) | Gen0/1,000 | Gen1/1,000 | Gen2/1,000 | allocated (KB) |")
    .AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|");
foreach (var result in results)
{
    var s = result.Subject;
    var a = s.Allocations!;
    var dash = result.Name.LastIndexOf('-');
    table.AppendLine(string.Create(CultureInfo.InvariantCulture,
        $"| {result.Name[..dash]} | {result.Name[(dash + 1)..]} | {s.MeanNs / 1000:0.0} | {s.PerCall!.P95Ns / 1000:0.0} | {a.Gen0PerThousandOps:0.####} | {a.Gen1PerThousandOps:0.####} | {a.Gen2PerThousandOps:0.####} | {a.BytesPerOp / 1024:0.##} |"));
}

await File.WriteAllTextAsync(Path.Combine(output, "report.md"), "# Reference comparison\n\n" + table);
await File.WriteAllTextAsync(Path.Combine(output, "results.json"), PerfJson.Serialize(results));
Console.WriteLine(table);
Console.WriteLine($"Report: {Path.GetFullPath(Path.Combine(output, "report.md"))}");

static async Task EchoAsync<T>(HttpClient client, string path, List<T> items, CancellationToken ct)
{
    using var response = await client.PostAsJsonAsync(path, items, ct);
    response.EnsureSuccessStatusCode();
    var echoed = await response.Content.ReadFromJsonAsync<List<T>>(ct);
    if (echoed?.Count != items.Count)
    {
        throw new InvalidOperationException($"{path} answered {echoed?.Count} items for {items.Count}.");
    }
}
