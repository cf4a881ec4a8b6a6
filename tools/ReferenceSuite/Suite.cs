using System.Globalization;
using PerfAssert.Targets.Hosting;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>Runs every part of the reference comparison against one loopback host and writes the report.</summary>
internal static class Suite
{
    /// <summary>How long each configuration of the NetTcp configuration experiment is loaded: quick matrix, full matrix.</summary>
    private static readonly (TimeSpan Quick, TimeSpan Full) NetTcpConfigTime = (TimeSpan.FromSeconds(3), TimeSpan.FromSeconds(15));

    public static async Task<int> RunAsync(SuiteOptions options, TextWriter output, TextWriter progress)
    {
        if (options.Render is { } results)
        {
            return await RenderAsync(results, options.Output, output, progress);
        }

        if (options.FirstAndAgain && options.WorkerRole is null)
        {
            return await Timed("first and again", () => FirstAndAgainPart.RunAsync(options.Pairs, options.Unwarmed, output, progress), progress);
        }

        var started = TimeProvider.System.GetTimestamp();
        await using var host = await TargetHost.StartAsync();
        var endpoints = host.Endpoints;
        if (options.WorkerRole is { } role)
        {
            return await FirstAndAgainWorker.RunAsync(role, endpoints, options.Measurement, options.Unwarmed, progress);
        }

        if (options.ThroughputOnly is { } only)
        {
            var (_, section) = await Timed("throughput and wrk", () => ThroughputPart.RunAsync(endpoints, progress, only), progress);
            await output.WriteLineAsync(section);
            return 0;
        }

        if (options.RatiosOnly)
        {
            var alone = await Timed("ratios", () => RatioPart.RunAsync(endpoints, options.Counts, new Dictionary<string, double>(), options.RatioCaps, progress), progress);
            await output.WriteLineAsync(RatioSection.Markdown(alone));
            return 0;
        }

        var latency = await Timed("latency", () => LatencyPart.RunAsync(endpoints, options.Counts, options.Measurement, progress), progress);
        var dataStream = await Timed("data stream", () => CasePart.RunAsync("data stream", endpoints, DataStreamCases.All.Select(c => c.Name), options.Measurement, TimeSpan.FromSeconds(8), progress), progress);
        var todos = await Timed("todo", () => CasePart.RunAsync("todo", endpoints, TodoCases.All.Select(c => c.Name), options.TodoMeasurement, TimeSpan.Zero, progress), progress);
        var ratios = await Timed("ratios side by side", () => RatioPart.RunAsync(endpoints, options.Counts, RatioPart.Means([.. latency, .. dataStream, .. todos]), options.RatioCaps, progress), progress);
        var relative = await Timed("relative budgets", () => RelativePart.RunAsync(endpoints, progress), progress);
        var (throughput, driverSection) = await Timed("throughput and wrk", () => ThroughputPart.RunAsync(endpoints, progress), progress);
        throughput.AddRange(await Timed("NetTcp configurations", () => NetTcpConfigPart.RunAsync(endpoints, options.Full ? NetTcpConfigTime.Full : NetTcpConfigTime.Quick, progress), progress));
        var (floor, floorRatios) = await Timed("floor", () => FloorPart.RunAsync(endpoints, latency, progress), progress);
        var (clientStreaming, clientStreamingSection) = await Timed("client streaming", () => ClientStreamingPart.RunAsync(endpoints, latency, progress), progress);

        var report = new ReferenceReport([.. latency, .. dataStream, .. todos, .. relative, .. floor, clientStreaming], throughput, floorRatios)
        {
            Title = $"PerfAssert reference suite ({(options.Full ? "full" : "quick")} matrix)",
            ReferenceStack = RatioPart.ReferenceStack,
            ReferenceRatios = RatioPart.ReferenceRatios(ratios, options.Counts),
        };
        await ReportWriter.WriteAsync(report, options.Output);
        // The published experiments beside this run: a section of report.md (the reference suite's, not the core's).
        var published = PublishedComparison.Markdown(
            latency.Concat(dataStream).Concat(todos).ToDictionary(r => r.Name, r => r.Subject.MeanNs / 1000, StringComparer.Ordinal),
            throughput.ToDictionary(r => r.Case, r => r.RequestsPerSecond, StringComparer.Ordinal),
            ratios);
        var sideBySide = RatioSection.Markdown(ratios);
        // The notes: how far each stand-in's figures are from the real library's (measured beside the project).
        var distance = StandInDistance.Markdown();
        await File.AppendAllTextAsync(Path.Combine(options.Output, "report.md"), Environment.NewLine + sideBySide + Environment.NewLine + published + Environment.NewLine + driverSection + Environment.NewLine + clientStreamingSection + Environment.NewLine + distance);
        await output.WriteLineAsync(MarkdownReport.Render(report));
        await output.WriteLineAsync(sideBySide);
        await output.WriteLineAsync(published);
        await output.WriteLineAsync(driverSection);
        await output.WriteLineAsync(clientStreamingSection);
        await output.WriteLineAsync(distance);
        await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
            $"Done in {TimeProvider.System.GetElapsedTime(started).TotalMinutes:0.0} min. Report: {Path.GetFullPath(Path.Combine(options.Output, "report.html"))} (and report.md, results.json, results-benchmarkdotnet.json)"));
        return relative.Concat(floor).Any(r => r.Failed) ? 1 : 0;
    }

    /// <summary>
    /// Renders report.md and report.html again from a results.json, measuring nothing: its tables, charts and verdicts. The
    /// sections a run appends to its report.md (side-by-side ratios, the published experiments, the driver beside wrk,
    /// client streaming, the stand-ins' distance) come from that run's live measurements and are not in results.json.
    /// Bad input (no such file, a corrupt or foreign one, an output path that is a file) exits 2 with a message naming it.
    /// </summary>
    private static async Task<int> RenderAsync(string results, string directory, TextWriter output, TextWriter error)
    {
        try
        {
            var report = ReferenceResults.Read(results);
            var written = await ReportWriter.RenderAsync(report, directory);
            await output.WriteLineAsync($"read {ReferenceResults.FileOf(results)} (reference suite results)");
            foreach (var file in written)
            {
                await output.WriteLineAsync($"wrote {file}");
            }

            await output.WriteLineAsync("Rendered from results.json: the tables, charts and verdicts; the sections a run appends to report.md from its live measurements are not in it.");
            return 0;
        }
        catch (Exception ex) when (ex is IOException or InvalidDataException or UnauthorizedAccessException)
        {
            await error.WriteLineAsync("ReferenceSuite: " + ex.Message);
            return 2;
        }
    }

    /// <summary>Runs one part and says how long it took, so the main job's time budget (5 minutes) can be read part by part.</summary>
    private static async Task<T> Timed<T>(string part, Func<Task<T>> run, TextWriter progress)
    {
        var started = TimeProvider.System.GetTimestamp();
        var result = await run();
        await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture, $"[time] {part}: {TimeProvider.System.GetElapsedTime(started).TotalSeconds:0.0} s"));
        return result;
    }
}
