using System.Diagnostics;
using System.Text.Json;
using PerfAssert.History.Tests.Support;
using PerfAssert.Tests.Support;
using PerfAssert.Tool;

namespace PerfAssert.History.Tests;

/// <summary>
/// <c>perfassert history</c> end to end through the tool's command line: record (and again, adding nothing), show, report,
/// export as CSV and Bencher's format; bad input exits 2 naming the file or option; the accepted changes of a commit are
/// read from git.
/// </summary>
public sealed class HistoryCommandTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    private string Store => Path.Combine(_temp.Path, "history.db");

    [Fact]
    public async Task Record_ThenAgain_RecordsOnceAndSaysSo()
    {
        var run = await HistorySamples.WriteRunAsync(_temp.Path, 1);

        var (first, firstOutput) = await RunAsync("history", "record", "--store", Store, "--results", run, "--commit", HistorySamples.Info(1).Commit!, "--branch", "main", "--repository", "acme/orders");
        var (again, againOutput) = await RunAsync("history", "record", "--store", Store, "--results", run, "--commit", HistorySamples.Info(1).Commit!, "--branch", "main", "--repository", "acme/orders");

        Assert.Equal((0, 0), (first, again));
        Assert.StartsWith($"Recorded 3 results from {run} in {Store}", firstOutput, StringComparison.Ordinal);
        Assert.StartsWith($"Nothing new from {run} in {Store}", againOutput, StringComparison.Ordinal);
        Assert.Contains("3 already recorded", againOutput, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ShowReportExport_KnownAnswerHistory_PrintTheSeriesAndWriteTheFiles()
    {
        await SyntheticHistory.RecordAsync(HistoryStore.Open(Store));
        var out_ = Path.Combine(_temp.Path, "report");

        var (show, shown) = await RunAsync("history", "show", "--store", Store, "--test", "Slowed");
        var (report, reported) = await RunAsync("history", "report", "--store", Store, "--out", out_, "--branch", "main");
        var (csv, _) = await RunAsync("history", "export", "--store", Store, "--format", "csv", "--out", Path.Combine(_temp.Path, "history.csv"));
        var (bencher, bmf) = await RunAsync("history", "export", "--store", Store, "--format", "bencher");

        Assert.Equal((0, 0, 0, 0), (show, report, csv, bencher));
        Assert.Equal(12, shown.Split('\n').Count(l => l.StartsWith("  2026-11-01", StringComparison.Ordinal)));
        Assert.Contains($"  change point: time per call (mean): +10", shown, StringComparison.Ordinal);
        Assert.Contains("12 runs, 3 operations", reported, StringComparison.Ordinal);
        Assert.Contains("2 change points to look at", reported, StringComparison.Ordinal);
        Assert.Equal(9, (await File.ReadAllTextAsync(Path.Combine(out_, "history.html"), TestContext.Current.CancellationToken)).Split("<svg class=\"chart trend\"").Length - 1);
        Assert.Contains("**alert**", await File.ReadAllTextAsync(Path.Combine(out_, "history.md"), TestContext.Current.CancellationToken), StringComparison.Ordinal);
        var rows = await File.ReadAllLinesAsync(Path.Combine(_temp.Path, "history.csv"), TestContext.Current.CancellationToken);
        Assert.Equal(1 + 36, rows.Length);
        Assert.StartsWith("run_key,recorded_at,repository,branch,commit,", rows[0], StringComparison.Ordinal);
        using var metrics = JsonDocument.Parse(bmf);
        var slowed = metrics.RootElement.GetProperty("Orders.PerfTests::Slowed::Slowed");
        Assert.InRange(slowed.GetProperty("latency").GetProperty("value").GetDouble(), 1050, 1150);
        Assert.Equal(480, slowed.GetProperty("bytes-per-op").GetProperty("value").GetDouble());
    }

    [Fact]
    public async Task Record_ReferenceSuiteResults_RecordsItsLatencyAndThroughputRowsOnce()
    {
        var folder = Directory.CreateDirectory(Path.Combine(_temp.Path, "reference")).FullName;
        var latency = PerfAssert.Reporting.PerfJson.Serialize(HistorySamples.Result("ignored", 65_190, 50_565) with { Name = "SmallAspNetCoreJsonNet-0", Test = null, Assembly = null });
        await File.WriteAllTextAsync(Path.Combine(folder, "results.json"), $$"""
            {
              "title": "PerfAssert reference suite (quick matrix)",
              "results": [ {{latency}} ],
              "throughput": [ { "case": "GET time (minimal APIs)", "requests": 60000, "errors": 0, "requestsPerSecond": 59394.3, "p50Us": 1645.5, "p95Us": 2902.6, "p99Us": 3449.6 } ]
            }
            """, TestContext.Current.CancellationToken);

        var (first, recorded) = await RunAsync("history", "record", "--store", Store, "--results", folder, "--commit", HistorySamples.Info(1).Commit!, "--branch", "main");
        var (again, _) = await RunAsync("history", "record", "--store", Store, "--results", Path.Combine(folder, "results.json"), "--commit", HistorySamples.Info(1).Commit!, "--branch", "main");

        Assert.Equal((0, 0), (first, again));
        Assert.StartsWith("Recorded 2 results", recorded, StringComparison.Ordinal);
        var snapshot = await HistoryStore.Open(Store).ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken);
        Assert.Equal(2, snapshot.Results.Count);
        var throughput = snapshot.Results.Single(r => snapshot.Operations[r.OperationId] == new OperationIdentity("ReferenceSuite", "throughput", "GET time (minimal APIs)"));
        Assert.Equal((59394.3, 3_449_600.0, (double?)null), (throughput.RequestsPerSecond!.Value, Math.Round(throughput.P99Ns!.Value, 3), throughput.MeanNs));
        var row = snapshot.Results.Single(r => snapshot.Operations[r.OperationId] == new OperationIdentity("ReferenceSuite", "latency", "SmallAspNetCoreJsonNet-0"));
        Assert.Equal((65_190.0, 50_565.0), (row.MeanNs!.Value, row.BytesPerOp!.Value));
    }

    [Fact]
    public async Task Record_CorruptStore_ExitsTwoNamingTheFile()
    {
        await File.WriteAllTextAsync(Store, new string('x', 4096), TestContext.Current.CancellationToken);
        var run = await HistorySamples.WriteRunAsync(_temp.Path, 1);
        var error = new StringWriter();

        var exit = await Cli.MainAsync(["history", "record", "--store", Store, "--results", run], TextWriter.Null, error, ci: false);

        Assert.Equal(2, exit);
        Assert.StartsWith($"perfassert: {Store} is not a SQLite database", error.ToString(), StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(new[] { "history", "export", "--format", "xml" }, "--format csv or bencher, not 'xml'")]
    [InlineData(new[] { "history", "show" }, "history show needs --test TEXT")]
    [InlineData(new[] { "history", "report", "--last", "none" }, "--last 'none' is not a positive whole number")]
    [InlineData(new[] { "history" }, "'history' needs one of record, show, report, export")]
    [InlineData(new[] { "history", "report" }, "No history at ")]
    public async Task History_BadOption_ExitsTwoSayingWhy(string[] args, string message)
    {
        var error = new StringWriter();

        var exit = await Cli.MainAsync([.. args, .. args.Length > 1 ? new[] { "--store", Store } : []], TextWriter.Null, error, ci: false);

        Assert.Equal(2, exit);
        Assert.Contains(message, error.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Record_CommitThatChangedABaselineEntry_NotesItAsAccepted()
    {
        var repository = Path.Combine(_temp.Path, "repo");
        var baselines = Directory.CreateDirectory(Path.Combine(repository, "tests", "baselines")).FullName;
        Git(repository, "init", "-q", "-b", "main");
        await File.WriteAllTextAsync(Path.Combine(baselines, "OrdersTests.json"), Baseline(480), TestContext.Current.CancellationToken);
        Git(repository, "add", "-A");
        Git(repository, "commit", "-qm", "baseline");
        await File.WriteAllTextAsync(Path.Combine(baselines, "OrdersTests.json"), Baseline(544), TestContext.Current.CancellationToken);
        Git(repository, "commit", "-qam", "allocates 64 B more; accepted");
        var run = await HistorySamples.WriteRunAsync(_temp.Path, 1);

        var outcome = await HistoryStore.Open(Store).RecordAsync(run, RunInfo.Detect(repository), TestContext.Current.CancellationToken);

        Assert.Equal(1, outcome.Annotations);
        var note = Assert.Single((await HistoryStore.Open(Store).ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken)).Annotations);
        Assert.Equal(("OrdersTests/OrdersTests.Get0", Annotation.Accepted), (note.Annotation.Subject, note.Annotation.Kind));
        Assert.StartsWith("accepted: 480 -> 544 B/op", note.Annotation.Note, StringComparison.Ordinal);
    }

    private static string Baseline(double bytes) => $$"""
        {
          "schemaVersion": 1,
          "entries": {
            "OrdersTests.Get0": {
              "environment": { "os": "linux", "architecture": "x64", "cores": 2, "runtimeMajor": 10, "machineClass": "linux-x64-2c-net10" },
              "allocatedBytesPerOp": {{bytes}}, "gen0PerThousandOps": 0.1, "gen1PerThousandOps": 0, "gen2PerThousandOps": 0,
              "calibrationRatio": { "estimate": 0.5, "lower": 0.49, "upper": 0.51, "confidenceLevel": 0.99, "blocks": 64 },
              "allocationOps": 1000
            }
          }
        }
        """;

    private static void Git(string directory, params string[] arguments)
    {
        var start = new ProcessStartInfo("git") { WorkingDirectory = directory, RedirectStandardError = true, RedirectStandardOutput = true };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        start.Environment["GIT_AUTHOR_NAME"] = start.Environment["GIT_COMMITTER_NAME"] = "test";
        start.Environment["GIT_AUTHOR_EMAIL"] = start.Environment["GIT_COMMITTER_EMAIL"] = "test@example.invalid";
        using var process = Process.Start(start)!;
        var error = process.StandardError.ReadToEnd();
        Assert.True(process.WaitForExit(30_000) && process.ExitCode == 0, $"git {string.Join(' ', arguments)}: {error}");
    }

    private static async Task<(int Exit, string Output)> RunAsync(params string[] args)
    {
        var output = new StringWriter();
        var exit = await Cli.RunAsync(args, output, ci: false);
        return (exit, output.ToString());
    }

    public void Dispose() => _temp.Dispose();
}
