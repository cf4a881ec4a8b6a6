using PerfAssert.History.Tests.Support;
using PerfAssert.Tests.Support;
using PerfAssert.Tool;
using PerfAssert.Tool.Bisect;

namespace PerfAssert.History.Tests;

/// <summary>
/// <c>perfassert bisect --from-history</c> takes its range from the history: the known-answer history's change point of the
/// slowed operation gives the last commit recorded before it and the first at it; an accepted change is not bisected.
/// </summary>
public sealed class BisectFromHistoryTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    private string Store => Path.Combine(_temp.Path, "history.db");

    [Fact]
    public async Task FromHistory_SlowedOperation_IsTheRangeAroundItsChangePoint()
    {
        await SyntheticHistory.RecordAsync(HistoryStore.Open(Store));

        var (good, bad, origin) = await BisectCommand.FromHistoryAsync(Options("--test", "Slowed", "--from-history", "--store", Store), TestContext.Current.CancellationToken);

        Assert.Equal(SyntheticHistory.Commit(SyntheticHistory.SlowedAt - 1), good);
        Assert.Equal(SyntheticHistory.Commit(SyntheticHistory.SlowedAt), bad);
        Assert.Contains($"at {SyntheticHistory.Commit(SyntheticHistory.SlowedAt)[..10]}", origin, StringComparison.Ordinal);
    }

    [Fact]
    public async Task FromHistory_OnlyAnAcceptedChange_SaysThereIsNothingToBisect()
    {
        await SyntheticHistory.RecordAsync(HistoryStore.Open(Store));

        var error = await Assert.ThrowsAsync<ArgumentException>(() => BisectCommand.FromHistoryAsync(Options("--test", "Allocating", "--from-history", "--store", Store), TestContext.Current.CancellationToken));

        Assert.Contains("has no change point of an operation matching 'Allocating' to bisect", error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();

    private static CliOptions Options(params string[] args) => CliOptions.Parse("bisect", args);
}
