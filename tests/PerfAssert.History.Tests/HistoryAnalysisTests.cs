using PerfAssert.History.Tests.Support;
using PerfAssert.Tests.Support;

namespace PerfAssert.History.Tests;

/// <summary>
/// Trends and change points from a stored history with a known answer: the 10% slowdown is named at its commit with its
/// size on every latency measure, the accepted allocation change is marked and does not alert, the unchanged operation
/// has no change point, and machine classes are never mixed.
/// </summary>
public sealed class HistoryAnalysisTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    [Fact]
    public async Task Analyse_KnownAnswerHistory_NamesTheSlowedCommitAndMarksTheAcceptedChange()
    {
        var store = HistoryStore.Open(Path.Combine(_temp.Path, "history.db"));
        await SyntheticHistory.RecordAsync(store);

        var trends = HistoryAnalysis.Analyse(await store.ReadAsync(new HistoryQuery { Branch = "main" }, TestContext.Current.CancellationToken));

        var machine = Assert.Single(trends);
        var slowed = machine.Operations.Single(o => o.Operation.Test == "Slowed");
        foreach (var measure in new[] { "mean", "verdict:mean latency vs reference build" })
        {
            var change = Assert.Single(slowed.Series.Single(s => s.Measure.Key == measure).Changes);
            Assert.Equal(SyntheticHistory.Commit(SyntheticHistory.SlowedAt), change.Run.Commit);
            Assert.InRange(change.RelativeChange, 0.08, 0.12);
            Assert.True(change.PValue < 0.005, $"p = {change.PValue}");
            Assert.Null(change.Accepted);
        }

        var allocating = machine.Operations.Single(o => o.Operation.Test == "Allocating");
        var accepted = Assert.Single(allocating.Series.Single(s => s.Measure.Key == "bytes").Changes);
        Assert.Equal((SyntheticHistory.Commit(SyntheticHistory.AcceptedAt), "accepted: 480 -> 544 B/op"), (accepted.Run.Commit, accepted.Accepted?.Note));
        Assert.Empty(allocating.Alerts);
        Assert.Empty(machine.Operations.Single(o => o.Operation.Test == "Steady").Series.SelectMany(s => s.Changes));
    }

    [Fact]
    public async Task Analyse_TwoMachineClasses_KeepsTheirSeriesApart()
    {
        var store = HistoryStore.Open(Path.Combine(_temp.Path, "history.db"));
        await SyntheticHistory.RecordAsync(store, runs: 6);
        await SyntheticHistory.RecordAsync(store, runs: 4, machine: HistorySamples.Machine with { Cores = 8 });

        var trends = HistoryAnalysis.Analyse(await store.ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken));

        Assert.Equal(["linux-x64-2c-net10", "linux-x64-8c-net10"], trends.Select(t => t.MachineClass));
        Assert.Equal([6, 4], trends.Select(t => t.Operations.Single(o => o.Operation.Test == "Steady").Series.Single(s => s.Measure.Key == "mean").Points.Count));
    }

    [Fact]
    public async Task Markdown_KnownAnswerHistory_AlertsOnTheSlowdownAndMarksTheAcceptedChange()
    {
        var store = HistoryStore.Open(Path.Combine(_temp.Path, "history.db"));
        await SyntheticHistory.RecordAsync(store);
        var snapshot = await store.ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken);

        var markdown = HistoryReport.Markdown(snapshot, HistoryAnalysis.Analyse(snapshot), current: [HistorySamples.Result("Steady", 3300, 480) with { Name = "Steady" }]);

        var lines = markdown.Split('\n');
        var slowed = SyntheticHistory.Commit(SyntheticHistory.SlowedAt)[..10];
        Assert.Contains(lines, l => l.Contains("| Slowed |", StringComparison.Ordinal) && l.Contains($"time per call (mean): +10", StringComparison.Ordinal) && l.Contains(slowed, StringComparison.Ordinal) && l.EndsWith("**alert** |", StringComparison.Ordinal));
        Assert.Contains(lines, l => l.Contains("| Allocating |", StringComparison.Ordinal) && l.Contains("allocated per operation: +13.3%", StringComparison.Ordinal) && l.EndsWith("| accepted: 480 -&gt; 544 B/op |", StringComparison.Ordinal));
        Assert.DoesNotContain(lines, l => l.Contains("| Steady |", StringComparison.Ordinal) && l.Contains("alert", StringComparison.Ordinal));
        // The run given as context, against the history's last ten runs of Steady (3000 ns, 1% noise): about 10% slower.
        Assert.Contains(lines, l => l.StartsWith("| Steady |", StringComparison.Ordinal) && l.Contains("| +10.", StringComparison.Ordinal) && l.Contains("10 runs)", StringComparison.Ordinal));
    }

    public void Dispose() => _temp.Dispose();
}
