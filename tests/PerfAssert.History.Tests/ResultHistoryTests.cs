using PerfAssert.History.Tests.Support;
using PerfAssert.Reporting;
using PerfAssert.Tests.Support;

namespace PerfAssert.History.Tests;

/// <summary>
/// Recording as each test finishes (the <c>PERFASSERT_HISTORY</c> setting, through the core's <see cref="ResultHistory"/>):
/// one test process's results are one run, recording its results folder afterwards adds nothing, and a missing package or
/// a store that cannot be written is a warning naming the fix, never a failure.
/// </summary>
public sealed class ResultHistoryTests : IDisposable
{
    private const string Recorder = "PerfAssert.History.ResultRecorder, PerfAssert.History";
    private readonly TempDirectory _temp = new();

    [Fact]
    public async Task Record_TwoTestsOfOneProcess_AreOneRunThatTheFolderImportDoesNotRepeat()
    {
        var store = Path.Combine(_temp.Path, "history.db");
        var results = new[] { HistorySamples.Result("OrdersTests.Get0", 1000, 480), HistorySamples.Result("OrdersTests.Get1", 1100, 480) };
        foreach (var result in results)
        {
            await ResultFiles.WriteAsync(result, Path.Combine(_temp.Path, "results"), TestContext.Current.CancellationToken);
            Assert.Null(await ResultHistory.RecordAsync(result, store, Recorder, TestContext.Current.CancellationToken));
        }

        var import = await HistoryStore.Open(store).RecordAsync(Path.Combine(_temp.Path, "results"), new RunInfo(), TestContext.Current.CancellationToken);

        Assert.Equal((0, 2), (import.Added, import.AlreadyRecorded));
        var snapshot = await HistoryStore.Open(store).ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken);
        Assert.StartsWith("process:", Assert.Single(snapshot.Runs).Key, StringComparison.Ordinal);
        Assert.Equal(2, snapshot.Results.Count);
    }

    [Fact]
    public async Task Record_WithoutThePackage_WarnsWithTheCommandThatAddsIt()
    {
        var warning = await ResultHistory.RecordAsync(HistorySamples.Result("OrdersTests.Get0", 1000, 480), Path.Combine(_temp.Path, "history.db"), "PerfAssert.History.ResultRecorder, PerfAssert.NoSuchHistory", TestContext.Current.CancellationToken);

        Assert.Equal("PERFASSERT_HISTORY is set, but this test project does not reference PerfAssert.History, so 'GET /orders/42' was not recorded in the performance history. Add it: dotnet add package PerfAssert.History", warning);
        Assert.False(File.Exists(Path.Combine(_temp.Path, "history.db")));
    }

    [Fact]
    public async Task Record_CorruptStore_WarnsNamingIt()
    {
        var store = Path.Combine(_temp.Path, "history.db");
        await File.WriteAllTextAsync(store, new string('x', 4096), TestContext.Current.CancellationToken);

        var warning = await ResultHistory.RecordAsync(HistorySamples.Result("OrdersTests.Get0", 1000, 480), store, Recorder, TestContext.Current.CancellationToken);

        Assert.StartsWith($"'GET /orders/42' was not recorded in the performance history: {store} is not a SQLite database", warning, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();
}
