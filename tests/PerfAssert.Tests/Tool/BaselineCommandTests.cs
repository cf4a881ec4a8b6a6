using PerfAssert.Baselines;
using PerfAssert.Tests.Support;
using PerfAssert.Tool;

namespace PerfAssert.Tests.Tool;

/// <summary>
/// <c>perfassert baseline show | move | build</c> on a real git repository: what each says and refuses. The ones that build a
/// commit are <see cref="BaselineBuildCommandTests"/>.
/// </summary>
public sealed class BaselineCommandTests : IDisposable
{
    /// <summary>A baseline file with one entry that has a latency allowance (also used by <see cref="BisectSearchTests"/>).</summary>
    internal const string Entry = """
        {
          "schemaVersion": 1,
          "entries": {
            "GetOrder": {
              "environment": { "os": "linux", "architecture": "x64", "cores": 2, "runtimeMajor": 10 },
              "allocatedBytesPerOp": 1736, "gen0PerThousandOps": 0, "gen1PerThousandOps": 0, "gen2PerThousandOps": 0,
              "calibrationRatio": { "estimate": 6, "lower": 5, "upper": 7, "confidenceLevel": 0.99, "blocks": 64 },
              "allocationOps": 200, "allocationScope": "worker", "latencyAllowance": 1.17,
              "latencyRatio": { "estimate": 1.12, "lower": 1.08, "upper": 1.161, "confidenceLevel": 0.99, "blocks": 64 }
            }
          }
        }
        """;

    private readonly GitScratch _repository = new();

    [Fact]
    public async Task Move_DefaultHead_WritesTheFullCommitAndDropsEveryAllowance()
    {
        var first = _repository.Commit("first");
        File.WriteAllText(Path.Combine(_repository.Baselines, "Orders.json"), Entry);
        new BaselineReference(first).Write(Store());
        var head = _repository.Commit("second");

        var (code, output, _) = await RunAsync(ci: false, "baseline", "move", "--baselines", _repository.Baselines);

        Assert.Equal(0, code);
        Assert.Equal(head, BaselineReference.Read(Store())!.Commit);
        Assert.Contains($"\"commit\": \"{head}\"", File.ReadAllText(BaselineReference.PathIn(Store())), StringComparison.Ordinal);
        var orders = File.ReadAllText(Path.Combine(_repository.Baselines, "Orders.json"));
        Assert.DoesNotContain("latencyAllowance", orders, StringComparison.Ordinal);
        Assert.DoesNotContain("latencyRatio", orders, StringComparison.Ordinal);
        Assert.Contains("\"allocationScope\": \"worker\"", orders, StringComparison.Ordinal);
        Assert.Null(Store().Load("Orders").Entries["GetOrder"].LatencyAllowance);
        Assert.Equal(1736, Store().Load("Orders").Entries["GetOrder"].AllocatedBytesPerOp);
        Assert.Empty(Directory.GetFiles(_repository.Baselines, "*.lock"));
        Assert.Contains($"reference commit {first} -> {head}", output, StringComparison.Ordinal);
        Assert.Contains("dropped the latency allowance 1.17 of baselines/Orders.json GetOrder", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Move_OnCi_IsRefusedAndChangesNothing()
    {
        _repository.Commit("first");

        var (code, _, error) = await RunAsync(ci: true, "baseline", "move", "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Contains("never moves on CI", error, StringComparison.Ordinal);
        Assert.False(File.Exists(BaselineReference.PathIn(Store())));
    }

    [Fact]
    public async Task Move_OnCiWithReferenceAndAllowance_IsRefusedAndLeavesBothAsTheyWere()
    {
        var first = _repository.Commit("first");
        File.WriteAllText(Path.Combine(_repository.Baselines, "Orders.json"), Entry);
        new BaselineReference(first).Write(Store());
        _repository.Commit("second");
        var before = DirectorySnapshot.Take(_repository.Baselines);

        var (code, output, error) = await RunAsync(ci: true, "baseline", "move", "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Equal("perfassert: CI=true: the reference commit never moves on CI. Move it locally with 'perfassert baseline move' and commit the change." + Environment.NewLine, error);
        Assert.Empty(output);
        Assert.Equal(before, DirectorySnapshot.Take(_repository.Baselines));
    }

    [Fact]
    public async Task Move_ShortRevision_WritesItsFullCommit()
    {
        var first = _repository.Commit("first");
        _repository.Commit("second");

        var (code, output, error) = await RunAsync(ci: false, "baseline", "move", "--commit", "HEAD~1", "--baselines", _repository.Baselines);

        Assert.True(code == 0, error);
        Assert.Equal(first, BaselineReference.Read(Store())!.Commit);
        Assert.Contains($"reference commit (none) -> {first}", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Move_RevisionIsTheReferenceAlready_ChangesNothingAndKeepsTheAllowances()
    {
        var head = _repository.Commit("first");
        File.WriteAllText(Path.Combine(_repository.Baselines, "Orders.json"), Entry);
        new BaselineReference(head).Write(Store());
        var before = DirectorySnapshot.Take(_repository.Baselines);

        var (code, output, error) = await RunAsync(ci: false, "baseline", "move", "--baselines", _repository.Baselines);

        Assert.True(code == 0, error);
        Assert.Contains($"{head} is already the reference commit: nothing changed; its 1 latency allowance stays", output, StringComparison.Ordinal);
        Assert.Equal(before, DirectorySnapshot.Take(_repository.Baselines));
    }

    [Fact]
    public async Task Move_CorruptBaselineFile_ExitsTwoNamingItAndChangesNothing()
    {
        var first = _repository.Commit("first");
        File.WriteAllText(Path.Combine(_repository.Baselines, "Orders.json"), Entry);
        File.WriteAllText(Path.Combine(_repository.Baselines, "Stock.json"), "{ \"schemaVersion\": 1, \"entries\": ");
        new BaselineReference(first).Write(Store());
        _repository.Commit("second");
        var before = DirectorySnapshot.Take(_repository.Baselines);

        var (code, _, error) = await RunAsync(ci: false, "baseline", "move", "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Contains("baselines/Stock.json", error, StringComparison.Ordinal);
        Assert.Equal(before, DirectorySnapshot.Take(_repository.Baselines));
    }

    [Fact]
    public async Task Move_CorruptReferenceFile_ExitsTwoNamingItAndChangesNothing()
    {
        _repository.Commit("first");
        File.WriteAllText(Path.Combine(_repository.Baselines, "Orders.json"), Entry);
        File.WriteAllText(BaselineReference.PathIn(Store()), "{ \"schemaVersion\": 1, \"commit\": \"main\" }\n");
        var before = DirectorySnapshot.Take(_repository.Baselines);

        var (code, _, error) = await RunAsync(ci: false, "baseline", "move", "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Contains("baselines/reference.json must name the reference as a full 40-character commit id", error, StringComparison.Ordinal);
        Assert.Equal(before, DirectorySnapshot.Take(_repository.Baselines));
    }

    [Fact]
    public async Task Move_UnknownRevision_ExitsTwoAndChangesNothing()
    {
        _repository.Commit("first");
        File.WriteAllText(Path.Combine(_repository.Baselines, "Orders.json"), Entry);

        var (code, _, error) = await RunAsync(ci: false, "baseline", "move", "--commit", "no-such-branch", "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Contains("'no-such-branch' is not a commit", error, StringComparison.Ordinal);
        Assert.False(File.Exists(BaselineReference.PathIn(Store())));
        Assert.Equal(Entry, File.ReadAllText(Path.Combine(_repository.Baselines, "Orders.json")));
    }

    [Fact]
    public async Task Show_WithReferenceAndAllowance_PrintsBoth()
    {
        var commit = _repository.Commit("first");
        File.WriteAllText(Path.Combine(_repository.Baselines, "Orders.json"), Entry);
        new BaselineReference(commit).Write(Store());

        var (code, output, _) = await RunAsync(ci: true, "baseline", "show", "--baselines", _repository.Baselines);

        Assert.Equal(0, code);
        Assert.Contains($"reference commit {commit} (baselines/reference.json)", output, StringComparison.Ordinal);
        Assert.Contains("baselines/Orders.json GetOrder: latency allowance 1.17", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Show_WithoutReference_SaysSoAndNamesBaselineMove()
    {
        _repository.Commit("first");

        var (code, output, _) = await RunAsync(ci: false, "baseline", "show", "--baselines", _repository.Baselines);

        Assert.Equal(0, code);
        Assert.Contains("No reference commit: baselines/reference.json does not exist; name one with: perfassert baseline move", output, StringComparison.Ordinal);
        Assert.Contains("no latency allowances", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Build_CommitTheCloneLacks_ExitsTwoNamingIt()
    {
        _repository.Commit("first");
        new BaselineReference("0123456789abcdef0123456789abcdef01234567").Write(Store());

        var (code, _, error) = await RunAsync(ci: true, "baseline", "build", "--project", GitScratch.Project, "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Contains("commit 0123456789abcdef0123456789abcdef01234567 (baselines/reference.json) is not in this clone", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Build_UnknownCommitOption_ExitsTwoNamingIt()
    {
        _repository.Commit("first");

        var (code, output, error) = await RunAsync(ci: true, "baseline", "build", "--project", GitScratch.Project, "--commit", "fedcba9876543210fedcba9876543210fedcba98", "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Empty(output);
        Assert.Contains("'fedcba9876543210fedcba9876543210fedcba98' is not a commit", error, StringComparison.Ordinal);
        Assert.False(Directory.Exists(Path.Combine(_repository.Root, "artifacts")));
    }

    [Fact]
    public async Task Build_WithoutProject_ExitsTwoAskingForOne()
    {
        var commit = _repository.Commit("first");
        new BaselineReference(commit).Write(Store());

        var (code, _, error) = await RunAsync(ci: true, "baseline", "build", "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Contains("'baseline build' needs --project PATH", error, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("baseline", "needs one of show, move, build")]
    [InlineData("baseline|drop", "unknown command 'baseline drop'")]
    [InlineData("baseline|show|--commit|HEAD", "'--commit' is not an option of 'baseline show'")]
    public async Task Baseline_BadSubcommandOrOption_ExitsTwoWithUsage(string args, string message)
    {
        var (code, output, error) = await RunAsync(ci: false, args.Split('|'));

        Assert.Equal(2, code);
        Assert.Empty(output);
        Assert.Contains(message, error, StringComparison.Ordinal);
        Assert.Contains("usage: perfassert", error, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Build_CommitGivenTwice_ExitsTwo()
    {
        var (code, _, error) = await RunAsync(ci: true, "baseline", "build", "--project", GitScratch.Project, "--commit", "HEAD", "--commit", "HEAD", "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Contains("'--commit' is given twice", error, StringComparison.Ordinal);
    }

    public void Dispose() => _repository.Dispose();

    private BaselineStore Store() => new(_repository.Baselines);

    internal static async Task<(int Code, string Output, string Error)> RunAsync(bool ci, params string[] args)
    {
        using var output = new StringWriter();
        using var error = new StringWriter();
        var code = await Cli.MainAsync(args, output, error, ci);
        return (code, output.ToString(), error.ToString());
    }
}
