using PerfAssert.Reporting;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Reporting;

public sealed class ResultTextTests
{
    [Fact]
    public void FormatFailure_NamesTheTestAndListsOnlyTheFailingVerdicts()
    {
        var failing = Verdict("A", VerdictOutcome.Regression);
        var passing = Verdict("B", VerdictOutcome.Pass);
        var inconclusive = Verdict("C", VerdictOutcome.Inconclusive);
        var result = ReportSamples.Result("orders", 100, null, [failing, passing, inconclusive]);

        Assert.Equal($"Performance budget failed for 'orders':{System.Environment.NewLine}{failing.Message}", ResultText.FormatFailure(result));
        Assert.Equal(
            $"Performance budget failed for 'orders':{System.Environment.NewLine}{failing.Message}{System.Environment.NewLine}{inconclusive.Message}",
            ResultText.FormatFailure(result with { Strict = true }));
    }

    private static Verdict Verdict(string subject, VerdictOutcome outcome) => new()
    {
        Subject = subject,
        Metric = "allocated",
        Unit = "B/op",
        Measured = new Interval(128, 128, 128, 1, 0),
        Limit = 64,
        Outcome = outcome,
        Evidence = "min of 5 x 1,000 ops",
    };
}
