using PerfAssert.Baselines;
using PerfAssert.Tests.Support;

namespace PerfAssert.Tests.Baselines;

public sealed class BaselineStoreTests
{
    [Fact]
    public void DefaultAcceptCommand_IsThePackagedTool_AndThisRepositoryNamesItsOwnThroughRunSettings()
    {
        // Users get the command of the packaged tool; tests/perfassert.runsettings makes this repository's failures name
        // the tool run from source. If the run settings stop applying, messages here would name a tool no one installed.
        Assert.Equal("dotnet perfassert accept", BaselineStore.DefaultAcceptCommand);
        Assert.Equal("dotnet run --project tools/PerfAssert.Tool -- accept", System.Environment.GetEnvironmentVariable("PERFASSERT_ACCEPT_COMMAND"));
    }

    [Fact]
    public async Task WriteCandidateAsync_ManyWritersAtOnce_LoseNothing()
    {
        using var temp = new TempDirectory();
        var store = new BaselineStore(temp.Sub("baselines"));
        var entry = BaselineJsonTests.Sample().Entries["z-last"];

        await Task.WhenAll(Enumerable.Range(0, 40).Select(i => Task.Run(() => store.WriteCandidateAsync(i % 2 == 0 ? "ClassA" : "ClassB", $"test-{i}", entry, TestContext.Current.CancellationToken))));

        Assert.Equal(20, store.Read(store.CandidatePathOf("ClassA")).Entries.Count);
        Assert.Equal(20, store.Read(store.CandidatePathOf("ClassB")).Entries.Count);
        Assert.Empty(Directory.GetFiles(store.Directory, "*.tmp"));
        Assert.Empty(Directory.GetFiles(store.Directory, "*.lock"));
    }

    [Fact]
    public async Task WriteCandidateAsync_OnCi_WritesOutsideTheBaselinesFolderOnly()
    {
        using var temp = new TempDirectory();
        var baselines = temp.Sub("baselines");
        var store = new BaselineStore(baselines, temp.Sub("TestResults"), ci: true, acceptOnRun: true);

        var path = await store.WriteCandidateAsync("ClassA", "t", BaselineJsonTests.Sample().Entries["z-last"], TestContext.Current.CancellationToken);

        Assert.StartsWith(Path.Combine(temp.Path, "TestResults"), path, StringComparison.Ordinal);
        Assert.Empty(Directory.GetFileSystemEntries(baselines));
        Assert.False(store.AcceptOnRun);
    }

    [Fact]
    public void Constructor_OnCiWithCandidatesUnderBaselines_Refuses()
    {
        using var temp = new TempDirectory();
        var baselines = temp.Sub("baselines");
        Assert.Throws<ArgumentException>(() => new BaselineStore(baselines, ci: true));
    }

    [Fact]
    public async Task AcceptAsync_OnCi_Refuses()
    {
        using var temp = new TempDirectory();
        var store = new BaselineStore(temp.Sub("baselines"), temp.Sub("out"), ci: true);
        await Assert.ThrowsAsync<InvalidOperationException>(() => BaselineAcceptor.AcceptAsync(store, cancellationToken: TestContext.Current.CancellationToken));
    }

    [Fact]
    public async Task AcceptAsync_CorruptCandidate_ChangesNothing()
    {
        using var temp = new TempDirectory();
        var store = new BaselineStore(temp.Sub("baselines"));
        File.WriteAllText(store.PathOf("ClassA"), BaselineJson.Serialize(BaselineJsonTests.Sample()));
        File.WriteAllText(store.CandidatePathOf("ClassA"), "{ not json");
        var before = File.ReadAllText(store.PathOf("ClassA"));

        var error = await Assert.ThrowsAsync<BaselineException>(() => BaselineAcceptor.AcceptAsync(store, cancellationToken: TestContext.Current.CancellationToken));

        Assert.Contains("ClassA.received.json", error.Message, StringComparison.Ordinal);
        Assert.Equal(before, File.ReadAllText(store.PathOf("ClassA")));
        Assert.True(File.Exists(store.CandidatePathOf("ClassA")));
    }

    [Fact]
    public void Discover_NoBaselinesFolderAnywhere_SaysHowToCreateOne()
    {
        using var temp = new TempDirectory();
        var error = Assert.Throws<BaselineException>(() => BaselineStore.Discover(temp.Path));
        Assert.Contains("PERFASSERT_BASELINES", error.Message, StringComparison.Ordinal);
    }
}
