using PerfAssert.Baselines;
using PerfAssert.Tests.Baselines;
using PerfAssert.Tests.Support;
using PerfAssert.Tool;

namespace PerfAssert.Tests.Tool;

public sealed class CliTests : IDisposable
{
    private readonly TempDirectory _temp = new();
    private readonly string _baselines;

    public CliTests() => _baselines = _temp.Sub("baselines");

    [Fact]
    public async Task Accept_WithCandidates_PrintsOldAndNewSideBySideAndMovesThem()
    {
        var store = new BaselineStore(_baselines);
        var old = BaselineJsonTests.Sample();
        File.WriteAllText(store.PathOf("Api"), BaselineJson.Serialize(old));
        var changed = old.Entries["z-last"] with { AllocatedBytesPerOp = 1500 };
        await store.WriteCandidateAsync("Api", "z-last", changed, TestContext.Current.CancellationToken);
        var output = new StringWriter();

        var code = await Cli.RunAsync(["accept", "--baselines", _baselines], output, ci: false);

        Assert.Equal(0, code);
        var text = output.ToString();
        Assert.Contains("baselines/Api.json z-last", text, StringComparison.Ordinal);
        Assert.Matches(@"allocated B/op\s+1,234.5\s+1,500\s+\+21.5%", text);
        Assert.Equal(1500, store.Load("Api").Entries["z-last"].AllocatedBytesPerOp);
        Assert.False(File.Exists(store.CandidatePathOf("Api")));
    }

    [Fact]
    public async Task Accept_OnCi_IsRefusedAndChangesNothing()
    {
        var store = new BaselineStore(_baselines);
        await store.WriteCandidateAsync("Api", "t", BaselineJsonTests.Sample().Entries["z-last"], TestContext.Current.CancellationToken);

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() => Cli.RunAsync(["accept", "--baselines", _baselines], TextWriter.Null, ci: true));

        Assert.Contains("never accepted on CI", error.Message, StringComparison.Ordinal);
        Assert.True(File.Exists(store.CandidatePathOf("Api")));
        Assert.False(File.Exists(store.PathOf("Api")));
    }

    [Fact]
    public async Task Accept_MissingBaselinesFolder_FailsClearlyAndCreatesNothing()
    {
        var missing = Path.Combine(_temp.Path, "nope");
        await Assert.ThrowsAsync<DirectoryNotFoundException>(() => Cli.RunAsync(["accept", "--baselines", missing], TextWriter.Null, ci: false));
        Assert.False(Directory.Exists(missing));
    }

    [Fact]
    public async Task Diff_ShowsChangesWithoutChangingAnything()
    {
        var store = new BaselineStore(_baselines);
        await store.WriteCandidateAsync("Api", "new-test", BaselineJsonTests.Sample().Entries["z-last"], TestContext.Current.CancellationToken);
        var output = new StringWriter();

        await Cli.RunAsync(["diff", "--baselines", _baselines], output);

        Assert.Contains("new-test", output.ToString(), StringComparison.Ordinal);
        Assert.Contains("new", output.ToString(), StringComparison.Ordinal);
        Assert.True(File.Exists(store.CandidatePathOf("Api")));
        Assert.False(File.Exists(store.PathOf("Api")));
    }

    [Fact]
    public async Task Orphans_ListsEntriesNoResultUsed()
    {
        var store = new BaselineStore(_baselines);
        var file = BaselineJsonTests.Sample();
        file.Entries["still-here"] = file.Entries["z-last"];
        File.WriteAllText(store.PathOf("Api"), BaselineJson.Serialize(file));
        var results = _temp.Sub("results");
        File.WriteAllText(Path.Combine(results, "still-here.json"), """{ "name": "still-here", "baselineFile": "Api", "baselineId": "still-here" }""");
        var output = new StringWriter();

        await Cli.RunAsync(["orphans", "--baselines", _baselines, "--results", results], output);

        Assert.Contains("orphan: baselines/Api.json 'z-last'", output.ToString(), StringComparison.Ordinal);
        Assert.DoesNotContain("'still-here'", output.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_UnknownCommand_SaysUsage()
    {
        var error = await Assert.ThrowsAsync<ArgumentException>(() => Cli.RunAsync(["frobnicate", "--baselines", _baselines], TextWriter.Null));
        Assert.Contains("usage: perfassert", error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();
}
