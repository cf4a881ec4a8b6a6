#if AWESOME_ASSERTIONS
using AwesomeAssertions;
using AwesomeAssertions.Execution;
using AwesomeAssertions.Primitives;
#else
using FluentAssertions;
using FluentAssertions.Execution;
using FluentAssertions.Primitives;
#endif
using PerfAssert.Reporting;
using PerfAssert.Verdicts;

#if AWESOME_ASSERTIONS
namespace PerfAssert.AwesomeAssertions;
#else
namespace PerfAssert.FluentAssertions;
#endif

/// <summary>
/// Assertions on a <see cref="PerfResult"/>. They only read what the engine concluded (<see cref="PerfResult.Failed"/>,
/// each <see cref="Verdict.Outcome"/>) and fail with the engine's own verdict messages.
/// </summary>
public sealed class PerfResultAssertions : ReferenceTypeAssertions<PerfResult, PerfResultAssertions>
{
    /// <summary>Creates assertions on a result; <paramref name="subject"/> may be null, which every assertion reports.</summary>
#if AWESOME_ASSERTIONS
    public PerfResultAssertions(PerfResult? subject)
        : base(subject!, AssertionChain.GetOrCreate())
    {
    }
#else
    public PerfResultAssertions(PerfResult? subject)
        : base(subject!)
    {
    }
#endif

#if AWESOME_ASSERTIONS
    // AwesomeAssertions (like FluentAssertions 8) hands each assertion class the chain it belongs to.
    private AssertionChain Chain => CurrentAssertionChain;
#else
    private static AssertionScope Chain => Execute.Assertion;
#endif

    /// <inheritdoc />
    protected override string Identifier => "result";

    /// <summary>
    /// Asserts that no verdict fails the test, judged as the test-framework adapters judge it (<see cref="PerfResult.Failed"/>:
    /// a Regression that is not advisory, Invalid, NoBaseline, or Inconclusive in strict mode). On failure the message is
    /// the adapters' failure text (<see cref="ResultText.FormatFailure"/>), every failing verdict's message on its own line.
    /// </summary>
    /// <param name="because">Why the assertion is needed; <c>{0}</c> placeholders take <paramref name="becauseArgs"/>.</param>
    /// <param name="becauseArgs">Values for the placeholders in <paramref name="because"/>.</param>
    [CustomAssertion]
    public AndConstraint<PerfResultAssertions> PassAllBudgets(string because = "", params object[] becauseArgs)
    {
        if (NotNull("to pass all its budgets", because, becauseArgs))
        {
            Chain
                .BecauseOf(because, becauseArgs)
                .ForCondition(!Subject.Failed)
                .FailWith(() => new FailReason(
                    "Expected {context:result} to pass all its budgets{reason}, but it failed:" + FailureText.Lines([ResultText.FormatFailure(Subject)])));
        }

        return new AndConstraint<PerfResultAssertions>(this);
    }

    /// <summary>
    /// Asserts that no verdict's outcome is <see cref="VerdictOutcome.Regression"/>, advisory ones included; other outcomes
    /// (Inconclusive, NoBaseline, Invalid) do not fail it. On failure the message lists every regressing verdict's message.
    /// </summary>
    /// <param name="because">Why the assertion is needed; <c>{0}</c> placeholders take <paramref name="becauseArgs"/>.</param>
    /// <param name="becauseArgs">Values for the placeholders in <paramref name="because"/>.</param>
    [CustomAssertion]
    public AndConstraint<PerfResultAssertions> NotRegress(string because = "", params object[] becauseArgs)
    {
        if (NotNull("not to regress", because, becauseArgs))
        {
            var regressions = Subject.Verdicts.Where(v => v.Outcome == VerdictOutcome.Regression).ToList();
            Chain
                .BecauseOf(because, becauseArgs)
                .ForCondition(regressions.Count == 0)
                .FailWith(() => new FailReason(
                    $"Expected {{context:result}} not to regress{{reason}}, but {Count(regressions.Count, "verdict")} regressed:" + FailureText.Lines(regressions.Select(v => v.Message))));
        }

        return new AndConstraint<PerfResultAssertions>(this);
    }

    /// <summary>
    /// Asserts that at least one verdict has the outcome <paramref name="expected"/>, for example that a budget bites:
    /// <c>result.Should().HaveVerdict(VerdictOutcome.Regression).Which.Confirmed.Should().BeTrue()</c>. On failure the
    /// message lists every verdict's message. <c>Which</c> is the first verdict with that outcome.
    /// </summary>
    /// <param name="expected">The outcome to look for; must be a defined <see cref="VerdictOutcome"/>.</param>
    /// <param name="because">Why the assertion is needed; <c>{0}</c> placeholders take <paramref name="becauseArgs"/>.</param>
    /// <param name="becauseArgs">Values for the placeholders in <paramref name="because"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="expected"/> is not a defined outcome.</exception>
    [CustomAssertion]
    public AndWhichConstraint<PerfResultAssertions, Verdict> HaveVerdict(VerdictOutcome expected, string because = "", params object[] becauseArgs)
    {
        Outcomes.ThrowIfUndefined(expected);
        Verdict? match = null;
        if (NotNull($"to have a {expected} verdict", because, becauseArgs))
        {
            match = Subject.Verdicts.FirstOrDefault(v => v.Outcome == expected);
            Chain
                .BecauseOf(because, becauseArgs)
                .ForCondition(match is not null)
                .FailWith(() => new FailReason(
                    $"Expected {{context:result}} to have a {expected} verdict{{reason}}, but " + Subject.Verdicts.Count switch
                    {
                        0 => "it has no verdicts.",
                        1 => "its only verdict was:" + FailureText.Lines([Subject.Verdicts[0].Message]),
                        var count => $"its {count} verdicts were:" + FailureText.Lines(Subject.Verdicts.Select(v => v.Message)),
                    }));
        }

        return new AndWhichConstraint<PerfResultAssertions, Verdict>(this, match!);
    }

    // Marked so that FluentAssertions looks past it for the caller's expression ("result" in result.Should()).
    [CustomAssertion]
    private bool NotNull(string expectation, string because, object[] becauseArgs)
    {
        var found = Chain
            .BecauseOf(because, becauseArgs)
            .ForCondition(Subject is not null)
            .FailWith($"Expected {{context:result}} {expectation}{{reason}}, but found <null>.");
#if AWESOME_ASSERTIONS
        return found.Then.Succeeded;
#else
        return found;
#endif
    }

    private static string Count(int count, string noun) => count == 1 ? $"1 {noun}" : $"{count} {noun}s";
}
