using PerfAssert.Baselines;
using PerfAssert.Reporting;
using PerfAssert.Tests.Baselines;
using PerfAssert.Tests.Reporting;
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
        var used = ReportSamples.Result("still-here", 10, 100, []) with { BaselineFile = "Api", BaselineId = "still-here" };
        File.WriteAllText(Path.Combine(results, "still-here.json"), PerfJson.Serialize(used));
        var output = new StringWriter();

        await Cli.RunAsync(["orphans", "--baselines", _baselines, "--results", results], output);

        Assert.Contains("orphan: baselines/Api.json 'z-last'", output.ToString(), StringComparison.Ordinal);
        Assert.DoesNotContain("'still-here'", output.ToString(), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Accept_OneCorruptCandidateAmongGoodOnes_Exits2NamingItAndChangesNothing()
    {
        var store = new BaselineStore(_baselines);
        File.WriteAllText(store.PathOf("Api"), BaselineJson.Serialize(BaselineJsonTests.Sample()));
        var entry = BaselineJsonTests.Sample().Entries["z-last"] with { AllocatedBytesPerOp = 1500 };
        await store.WriteCandidateAsync("Api", "z-last", entry, TestContext.Current.CancellationToken);
        await store.WriteCandidateAsync("Zeta", "new", entry, TestContext.Current.CancellationToken);
        File.WriteAllText(store.CandidatePathOf("Middle"), "{ \"schemaVersion\": 1, \"entries\": {");

        var (code, error) = await RunUnchanged(["accept", "--baselines", _baselines]);

        Assert.Equal(2, code);
        Assert.Contains("baselines/Middle.received.json is not valid JSON", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Accept_CorruptCommittedBaseline_Exits2NamingItAndChangesNothing()
    {
        var store = new BaselineStore(_baselines);
        File.WriteAllText(store.PathOf("Api"), "not json");
        await store.WriteCandidateAsync("Aaa", "t", BaselineJsonTests.Sample().Entries["z-last"], TestContext.Current.CancellationToken);
        await store.WriteCandidateAsync("Api", "t", BaselineJsonTests.Sample().Entries["z-last"], TestContext.Current.CancellationToken);

        var (code, error) = await RunUnchanged(["accept", "--baselines", _baselines]);

        Assert.Equal(2, code);
        Assert.Contains("baselines/Api.json is not valid JSON", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Accept_MissingCandidateFolder_Exits2NamingIt()
    {
        var missing = Path.Combine(_temp.Path, "downloaded");

        var (code, error) = await RunUnchanged(["accept", "--baselines", _baselines, "--from", missing]);

        Assert.Equal(2, code);
        Assert.Contains($"No candidate folder at {missing}", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Diff_CorruptCandidate_Exits2NamingItAndChangesNothing()
    {
        var store = new BaselineStore(_baselines);
        File.WriteAllText(store.CandidatePathOf("Api"), "{ \"schemaVersion\": 1, \"entries\": { \"x\": { \"allocatedBytesPerOp\": \"many\" } } }");

        var (code, error) = await RunUnchanged(["diff", "--baselines", _baselines]);

        Assert.Equal(2, code);
        Assert.Contains("baselines/Api.received.json does not have the shape of a baseline file", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Diff_MissingCandidateFolder_Exits2NamingIt()
    {
        var missing = Path.Combine(_temp.Path, "downloaded");

        var (code, error) = await RunUnchanged(["diff", "--baselines", _baselines, "--from", missing]);

        Assert.Equal(2, code);
        Assert.Contains($"No candidate folder at {missing}", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task List_CorruptBaseline_Exits2NamingIt()
    {
        File.WriteAllText(Path.Combine(_baselines, "Api.json"), "{ \"schemaVersion\": 99, \"entries\": {} }");

        var (code, error) = await RunUnchanged(["list", "--baselines", _baselines]);

        Assert.Equal(2, code);
        Assert.Contains("baselines/Api.json has schema version 99", error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("list")]
    [InlineData("diff")]
    [InlineData("orphans")]
    public async Task Command_MissingBaselinesFolder_Exits2NamingIt(string command)
    {
        var missing = Path.Combine(_temp.Path, "nope");

        var (code, error) = await RunUnchanged([command, "--baselines", missing]);

        Assert.Equal(2, code);
        Assert.Contains($"No baselines folder at {missing}", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Orphans_CorruptResult_Exits2NamingIt()
    {
        var results = _temp.Sub("results");
        var corrupt = Path.Combine(results, "half.json");
        File.WriteAllText(corrupt, "{ \"name\": ");

        var (code, error) = await RunUnchanged(["orphans", "--baselines", _baselines, "--results", results]);

        Assert.Equal(2, code);
        Assert.Contains($"{corrupt} is not valid JSON", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Orphans_CorruptBaseline_Exits2NamingIt()
    {
        File.WriteAllText(Path.Combine(_baselines, "Api.json"), "[");
        var results = _temp.Sub("results");
        File.WriteAllText(Path.Combine(results, "a.json"), PerfJson.Serialize(ReportSamples.Result("a", 10, 100, [])));

        var (code, error) = await RunUnchanged(["orphans", "--baselines", _baselines, "--results", results]);

        Assert.Equal(2, code);
        Assert.Contains("baselines/Api.json is not valid JSON", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Orphans_MissingResultsFolder_Exits2NamingIt()
    {
        var missing = Path.Combine(_temp.Path, "results");

        var (code, error) = await RunUnchanged(["orphans", "--baselines", _baselines, "--results", missing]);

        Assert.Equal(2, code);
        Assert.Contains($"No results folder at {missing}", error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("list", "--from", "x")]
    [InlineData("accept", "--baselines")]
    [InlineData("diff", "--from", "a", "--from", "b")]
    public async Task Command_BadOption_Exits2WithUsage(params string[] args)
    {
        var (code, error) = await RunUnchanged(args);

        Assert.Equal(2, code);
        Assert.Contains("usage: perfassert", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Run_UnknownCommand_SaysUsage()
    {
        var error = await Assert.ThrowsAsync<ArgumentException>(() => Cli.RunAsync(["frobnicate", "--baselines", _baselines], TextWriter.Null));
        Assert.Contains("usage: perfassert", error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();

    /// <summary>Runs the tool as the process does (bad input exits 2) and asserts that nothing under the temp root changed.</summary>
    private async Task<(int Code, string Error)> RunUnchanged(string[] args)
    {
        var before = DirectorySnapshot.Take(_temp.Path);
        var error = new StringWriter();

        var code = await Cli.MainAsync(args, TextWriter.Null, error, ci: false);

        Assert.Equal(before, DirectorySnapshot.Take(_temp.Path));
        return (code, error.ToString());
    }
}
