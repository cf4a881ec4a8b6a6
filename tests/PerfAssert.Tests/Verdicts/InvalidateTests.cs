using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Verdicts;

/// <summary>
/// A verdict made Invalid by the machine (an unstable calibration) keeps what it already said: an Invalid verdict's own
/// reason first (what the user must fix), any other verdict's after the machine's (a CI run saw "no entry ...; this is a
/// shallow clone" replaced by the calibration spread alone).
/// </summary>
public sealed class InvalidateTests
{
    private static readonly Verdict NoBaseline = new()
    {
        Subject = "GET /work",
        Metric = "mean / calibration",
        Unit = "x",
        Measured = new Interval(10, 9, 11, 0.99, 64),
        Limit = double.NaN,
        Outcome = VerdictOutcome.NoBaseline,
        Evidence = "64 blocks",
        Reason = "no entry 'work' in baselines/work.json; This is a shallow clone: fetch the whole history",
    };

    [Fact]
    public void Invalidate_VerdictWithAReasonOfItsOwn_KeepsItAfterTheMachines()
    {
        var invalid = PerfEngine.Invalidate(NoBaseline, ["the machine is too unstable to judge"]);

        Assert.Equal((VerdictOutcome.Invalid, "the machine is too unstable to judge; no entry 'work' in baselines/work.json; This is a shallow clone: fetch the whole history"), (invalid.Outcome, invalid.Reason));
    }

    [Fact]
    public void Invalidate_InvalidAlready_ItsOwnReasonFirst_AndNoReasonsChangeNothing()
    {
        var invalid = PerfEngine.Invalidate(NoBaseline with { Outcome = VerdictOutcome.Invalid, Reason = "the reference cannot be built" }, ["the machine is too unstable to judge"]);

        Assert.Equal("the reference cannot be built; the machine is too unstable to judge", invalid.Reason);
        Assert.Same(NoBaseline, PerfEngine.Invalidate(NoBaseline, []));
    }
}
