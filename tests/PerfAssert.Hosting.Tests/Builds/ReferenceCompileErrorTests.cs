using PerfAssert.Verdicts;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// A reference commit that does not compile: the verdict is Invalid with the compiler's error, within a bounded time, and
/// nothing is left behind. A class of its own beside <see cref="BaselineBuildFailureTests"/>, so the two builds run side by side.
/// </summary>
public sealed class ReferenceCompileErrorTests : ScratchBaselineTests
{
    [Fact]
    public async Task RunAsync_ReferenceThatDoesNotCompile_IsInvalidWithTheCompilerError()
    {
        Scratch.SetHandler("return undefinedName;");
        var reference = Scratch.Commit("broken reference");
        Scratch.SetRounds(2_000);
        var store = Baselines.StoreWithEntry(reference);

        var result = await Baselines.MeasureAsync(store, TimeSpan.FromMinutes(3));

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        Assert.Equal(VerdictOutcome.Invalid, latency.Outcome);
        Assert.Contains($"building {ScratchService.Project} at commit {reference} failed", latency.Message, StringComparison.Ordinal);
        Assert.Contains("undefinedName", latency.Message, StringComparison.Ordinal);
        Baselines.AssertNothingLeft(store);
    }
}
