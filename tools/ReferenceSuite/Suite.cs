using System.Globalization;
using PerfAssert.Reporting;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.ReferenceSuite;

/// <summary>Runs every part of the reference comparison against one loopback host and writes the report.</summary>
internal static class Suite
{
    public static async Task<int> RunAsync(SuiteOptions options, TextWriter output, TextWriter progress)
    {
        var started = TimeProvider.System.GetTimestamp();
        await using var host = await TargetHost.StartAsync();
        var latency = await LatencyPart.RunAsync(host.Endpoints, options.Counts, progress);

        Directory.CreateDirectory(options.Output);
        var markdown = MarkdownTable.Render(latency);
        await File.WriteAllTextAsync(Path.Combine(options.Output, "report.md"), markdown);
        await File.WriteAllTextAsync(Path.Combine(options.Output, "results.json"), PerfJson.Serialize(latency));
        await output.WriteLineAsync(markdown);
        await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
            $"{latency.Count} cases in {TimeProvider.System.GetElapsedTime(started).TotalMinutes:0.0} min; report: {Path.GetFullPath(options.Output)}"));
        return 0;
    }
}
