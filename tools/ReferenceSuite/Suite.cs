using System.Globalization;
using PerfAssert.Measurement;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>Runs every part of the reference comparison against one loopback host and writes the report.</summary>
internal static class Suite
{
    /// <summary>How many one-second blocks each configuration of the NetTcp configuration experiment is loaded for: quick matrix, full matrix.</summary>
    private static readonly (int Quick, int Full) NetTcpConfigRounds = (4, 15);

    /// <summary>The most the shared warm-up may take before the first case is measured.</summary>
    private static readonly TimeSpan SharedWarmupTime = TimeSpan.FromSeconds(25);

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
            return await FirstAndAgainWorker.RunAsync(role, endpoints, options.Unwarmed, progress);
        }

        if (options.ThroughputOnly is { } only)
        {
            var alone = await Timed("throughput and wrk", () => ThroughputPart.RunAsync(endpoints, ThroughputCases.All, progress, only), progress);
            await output.WriteLineAsync(alone.DriverSection);
            return 0;
        }

        var plan = RatioPart.Plan(options.Counts, options.Full);
        var names = plan.SelectMany(g => g.Names).Distinct().ToList();
        await using var cases = await OpenCases.OpenAsync(endpoints, names);
        await Timed("shared warm-up", () => WarmUpAsync(cases, plan, progress), progress);
        var figures = await Timed("allocations", () => CasePart.RunAsync(cases, progress), progress);
        var table = await Timed("side by side", () => RatioPart.RunAsync(cases, () => OpenCases.OpenAsync(endpoints, names), plan, figures.ToDictionary(f => f.Key, f => f.Value.SizingNanoseconds), options.PhaseTime, progress), progress);
        var machineClass = Environments.EnvironmentInfo.Current.MachineClass;
        var times = new ReportedTimes(table, machineClass, ReferenceSpeeds.For(machineClass));
        if (options.RatiosOnly)
        {
            await output.WriteLineAsync(RatioSection.Markdown(times));
            await output.WriteLineAsync();
            await output.WriteLineAsync(RatioSection.Means(times));
            return 0;
        }

        var (calibration, _) = await PerfEngine.CalibrateAsync(new Sampler(new PerfOptions()), new PerfOptions(), CancellationToken.None);
        var measured = CaseResults.From(times, names, figures, calibration);
        var relative = await Timed("relative budgets", () => RelativePart.RunAsync(cases, progress), progress);
        var loaded = await Timed("throughput and wrk", () => ThroughputPart.RunAsync(endpoints, ThroughputPart.Cases(options.Full), progress), progress);
        var (netTcp, overBasicHttp) = await Timed("NetTcp configurations", () => NetTcpConfigPart.RunAsync(endpoints, options.Full ? NetTcpConfigRounds.Full : NetTcpConfigRounds.Quick, progress), progress);
        List<ThroughputRow> throughput = [.. loaded.Rows, .. netTcp];
        var (floor, floorProblem) = FloorPart.FromTable(times, names.Where(n => n.StartsWith("Small", StringComparison.Ordinal) && n.EndsWith("-0", StringComparison.Ordinal)));

        var report = new ReferenceReport([.. measured, .. relative], throughput, floor)
        {
            Title = $"PerfAssert reference suite ({(options.Full ? "full" : "quick")} matrix)",
            ReferenceStack = RatioPart.ReferenceStack,
            ReferenceRatios = RatioPart.ReferenceRatios(table, options.Counts),
            MeanIntervals = measured.ToDictionary(r => r.Name, r => times.Mean(r.Name)!.Value, StringComparer.Ordinal),
            Speed = times.Speed,
        };
        await ReportWriter.WriteAsync(report, options.Output);
        // The published experiments beside this run: a section of report.md (the reference suite's, not the core's).
        var published = PublishedComparison.Markdown(
            measured.ToDictionary(r => r.Name, r => r.Subject.MeanNs / 1000, StringComparer.Ordinal),
            throughput.ToDictionary(r => r.Case, r => r.RequestsPerSecond, StringComparer.Ordinal),
            table,
            loaded.WcfOverWebApi,
            overBasicHttp);
        var sideBySide = RatioSection.Markdown(times);
        var clientStreaming = ClientStreamingPart.Section(times);
        // The notes: how far each stand-in's figures are from the real library's (measured beside the project).
        var distance = StandInDistance.Markdown();
        string[] sections = [sideBySide, published, loaded.DriverSection, clientStreaming, distance];
        await File.AppendAllTextAsync(Path.Combine(options.Output, "report.md"), Environment.NewLine + string.Join(Environment.NewLine, sections));
        await output.WriteLineAsync(MarkdownReport.Render(report));
        foreach (var section in sections)
        {
            await output.WriteLineAsync(section);
        }

        if (floorProblem is not null)
        {
            await output.WriteLineAsync("The floor check failed: " + floorProblem);
        }

        await output.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
            $"Done in {TimeProvider.System.GetElapsedTime(started).TotalMinutes:0.0} min. Report: {Path.GetFullPath(Path.Combine(options.Output, "report.html"))} (and report.md, results.json, results-benchmarkdotnet.json)"));
        return relative.Any(r => r.Failed) || floorProblem is not null ? 1 : 0;
    }

    /// <summary>
    /// Warms up together the code every case shares (host, framework, formatters), before anything is measured, until the
    /// runtime's promotion queue has drained or <see cref="SharedWarmupTime"/> runs out. The bulk todo calls (each moves
    /// 5,000 todos) are left out: a round of them would take longer than the rest together, and the allocation part's
    /// repeats and the phase's untimed calls warm their own code.
    /// </summary>
    private static async Task<SharedWarmupResult> WarmUpAsync(OpenCases cases, IReadOnlyList<RatioGroupPlan> plan, TextWriter progress)
    {
        var names = plan.Where(g => !g.Title.StartsWith("todo Get and Send", StringComparison.Ordinal)).SelectMany(g => g.Names).Distinct().ToList();
        var shared = await Perf.WarmUpAsync([.. names.Select(n => Operation.Async(n, cases[n]))], SharedWarmupTime);
        await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
            $"[shared warm-up] {names.Count} cases, {shared.Calls:#,0} calls in {shared.Elapsed.TotalSeconds:0.0} s: {(shared.Settled ? "settled" : "did not settle")} ({shared.LastRoundCompiled} methods compiled in its last round, {shared.PromotionBacklog?.ToString(CultureInfo.InvariantCulture) ?? "unknown"} queued for promotion)"));
        return shared;
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
