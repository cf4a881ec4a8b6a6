using PerfAssert.Reporting;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Reporting;

public sealed class RunReportTests
{
    [Fact]
    public void Headline_SyntheticRun_CountsVerdictsWorstFirst()
    {
        var report = new RunReport(RunSamples.Results());

        Assert.Equal("PerfAssert: 1 invalid, 1 without baseline, 2 regressions, 2 inconclusive, 1 improved, 1 passed, 1 measured only", report.Headline);
        Assert.Equal(5, report.FailedTests);
    }

    [Fact]
    public void Headline_AdvisoryRegression_IsCountedApart()
    {
        var measuredOnly = ReportSamples.Result("x", 1, null, []);
        var regression = new RunReport(RunSamples.Results()).Verdicts.First(r => r.Verdict.Outcome == VerdictOutcome.Regression);
        var advisory = regression.Result with { Verdicts = [regression.Verdict with { Advisory = true }] };

        var report = new RunReport([advisory, measuredOnly]);

        Assert.Equal("PerfAssert: 1 advisory regression, 1 measured only", report.Headline);
        Assert.Equal(0, report.FailedTests);
    }

    [Fact]
    public void Verdicts_SyntheticRun_FailuresFirstThenWorstOutcomeThenName()
    {
        var report = new RunReport(RunSamples.Results());

        Assert.Equal(
            ["Debug-Build", "NewTest", "Allocating", "MessagePack <= WcfText x 1.1", "Strict-Close", "Baseline-Advisory", "Grpc <= Stj x 1", "Stj <= WcfText x 1.5"],
            report.Verdicts.Select(r => r.Result.Name));
        Assert.Equal([true, true, true, true, true, false, false, false], report.Verdicts.Select(r => r.Fails));
    }

    [Fact]
    public void Verdicts_ResultsInAnotherOrder_SameOrder()
    {
        var results = RunSamples.Results();
        var reversed = Enumerable.Reverse(results).ToList();

        Assert.Equal(RunMarkdownReport.Render(new RunReport(results)), RunMarkdownReport.Render(new RunReport(reversed)));
    }

    [Fact]
    public void Constructor_NullVerdict_Throws()
    {
        var result = ReportSamples.Result("x", 1, null, [null!]);

        Assert.Throws<ArgumentException>(() => new RunReport([result]));
    }
}
