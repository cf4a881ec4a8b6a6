using PerfAssert.Reporting;
using PerfAssert.Verdicts;
using Xunit.Sdk;

namespace PerfAssert.Xunit.V2.Tests;

/// <summary>
/// The v2 adapter inside real xUnit v2 tests. Budgets are on allocations, which are counted exactly, so outcomes do not
/// depend on the machine's load. Tests of this assembly run one after another (AssemblyInfo.cs), so the one that sets
/// PERFASSERT_RESULTS cannot redirect another's results.
/// </summary>
public sealed class AssertAsyncTests
{
    private static object? _sink;

    [Fact]
    public async Task AssertAsync_WithinBudget_ReturnsTheResultAndWritesItToTheOutput()
    {
        var output = new RecordingOutput();

        var result = await Perf.Measure("quiet", () => { _sink = null; }).AllocatedBytesAtMost(0).AssertAsync(output);

        Assert.False(result.Failed);
        Assert.Equal(VerdictOutcome.Pass, Assert.Single(result.Verdicts).Outcome);
        Assert.Equal(ResultText.Format(result), Assert.Single(output.Lines));
    }

    [Fact]
    public async Task AssertAsync_OneExtraAllocationPerOp_ThrowsAnAssertionWithTheFormattersMessage()
    {
        var output = new RecordingOutput();

        var error = await Assert.ThrowsAsync<PerfBudgetException>(() => Perf.Measure("with extra object", () => { _sink = new object(); _sink = new byte[64]; })
            .ComparedTo("without", () => { _sink = new byte[64]; })
            .AllocatedBytesAtMostPartner()
            .AssertAsync(output));

        var verdict = Assert.Single(error.Result.Verdicts);
        Assert.Equal(VerdictOutcome.Regression, verdict.Outcome);
        Assert.Equal(24, verdict.Measured.Estimate - verdict.Limit, 0.5);
        Assert.Equal(ResultText.FormatFailure(error.Result), error.Message);
        Assert.Contains(verdict.Message, error.Message, StringComparison.Ordinal);
        Assert.IsAssignableFrom<XunitException>(error);
        Assert.Equal(ResultText.Format(error.Result), Assert.Single(output.Lines));
    }

    [Fact]
    public async Task AssertAsync_ResultsFolderSet_WritesTheResultAsJsonThere()
    {
        var folder = Path.Combine(Path.GetTempPath(), "perfassert-v2-tests-" + Guid.NewGuid().ToString("N"));
        var previous = System.Environment.GetEnvironmentVariable(ResultFiles.DirectoryVariable);
        System.Environment.SetEnvironmentVariable(ResultFiles.DirectoryVariable, folder);
        try
        {
            var result = await Perf.Measure("quiet v2", () => { _sink = null; }).AllocatedBytesAtMost(0).AssertAsync();

            var file = Assert.Single(Directory.GetFiles(folder));
            // Named after the calling test as well as the operation: xUnit v2 says nothing about the running test, so the
            // compiler's caller information names it.
            Assert.Equal("AssertAsyncTests.AssertAsync_ResultsFolderSet_WritesTheResultAsJsonThere", result.Test);
            Assert.Equal(Path.Combine(folder, "AssertAsyncTests.AssertAsync_ResultsFolderSet_WritesTheResultAsJsonThere - quiet v2.json"), file);
            Assert.Equal(PerfJson.Serialize(result), await File.ReadAllTextAsync(file));
        }
        finally
        {
            System.Environment.SetEnvironmentVariable(ResultFiles.DirectoryVariable, previous);
            if (Directory.Exists(folder))
            {
                Directory.Delete(folder, recursive: true);
            }
        }
    }

    [Fact]
    public async Task Report_InconclusiveOrAdvisoryVerdict_WritesAWarningLineAfterTheResult()
    {
        var measured = await Perf.Measure("quiet", () => { _sink = null; }).AllocatedBytesAtMost(0).RunAsync();
        var pass = Assert.Single(measured.Verdicts);
        var inconclusive = pass with { Outcome = VerdictOutcome.Inconclusive };
        var advisory = pass with { Outcome = VerdictOutcome.Regression, Advisory = true };
        var result = measured with { Verdicts = [pass, inconclusive, advisory] };
        var output = new RecordingOutput();

        PerfTestBuilderExtensions.Report(result, output);

        Assert.Equal(
            [ResultText.Format(result), "warning: " + inconclusive.Message, "warning: " + advisory.Message],
            output.Lines);
    }

    [Fact]
    public async Task Report_InconclusiveInStrictMode_WritesNoWarningBecauseItFails()
    {
        var measured = await Perf.Measure("quiet", () => { _sink = null; }).AllocatedBytesAtMost(0).RunAsync();
        var result = measured with { Strict = true, Verdicts = [Assert.Single(measured.Verdicts) with { Outcome = VerdictOutcome.Inconclusive }] };
        var output = new RecordingOutput();

        PerfTestBuilderExtensions.Report(result, output);

        Assert.True(result.Failed);
        Assert.Equal(ResultText.Format(result), Assert.Single(output.Lines));
    }
}
