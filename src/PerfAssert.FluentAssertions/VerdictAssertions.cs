#if AWESOME_ASSERTIONS
using AwesomeAssertions;
using AwesomeAssertions.Execution;
using AwesomeAssertions.Primitives;
#else
using FluentAssertions;
using FluentAssertions.Execution;
using FluentAssertions.Primitives;
#endif
using PerfAssert.Verdicts;

#if AWESOME_ASSERTIONS
namespace PerfAssert.AwesomeAssertions;
#else
namespace PerfAssert.FluentAssertions;
#endif

/// <summary>
/// Assertions on one budget's <see cref="Verdict"/>. They read the outcome the engine reached and fail with the verdict's
/// own message (<see cref="Verdict.Message"/>).
/// </summary>
public sealed class VerdictAssertions : ReferenceTypeAssertions<Verdict, VerdictAssertions>
{
    /// <summary>Creates assertions on a verdict; <paramref name="subject"/> may be null, which every assertion reports.</summary>
#if AWESOME_ASSERTIONS
    public VerdictAssertions(Verdict? subject)
        : base(subject!, AssertionChain.GetOrCreate())
    {
    }
#else
    public VerdictAssertions(Verdict? subject)
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
    protected override string Identifier => "verdict";

    /// <summary>Asserts that the verdict's outcome is <paramref name="expected"/>.</summary>
    /// <param name="expected">The expected outcome; must be a defined <see cref="VerdictOutcome"/>.</param>
    /// <param name="because">Why the assertion is needed; <c>{0}</c> placeholders take <paramref name="becauseArgs"/>.</param>
    /// <param name="becauseArgs">Values for the placeholders in <paramref name="because"/>.</param>
    /// <exception cref="ArgumentOutOfRangeException"><paramref name="expected"/> is not a defined outcome.</exception>
    [CustomAssertion]
    public AndConstraint<VerdictAssertions> HaveOutcome(VerdictOutcome expected, string because = "", params object[] becauseArgs)
    {
        Outcomes.ThrowIfUndefined(expected);
        return Assert(v => v.Outcome == expected, $"to be {expected}", because, becauseArgs);
    }

    /// <summary>
    /// Asserts that the measurement is within the budget: the outcome is <see cref="VerdictOutcome.Pass"/> or
    /// <see cref="VerdictOutcome.Improved"/>.
    /// </summary>
    /// <param name="because">Why the assertion is needed; <c>{0}</c> placeholders take <paramref name="becauseArgs"/>.</param>
    /// <param name="becauseArgs">Values for the placeholders in <paramref name="because"/>.</param>
    [CustomAssertion]
    public AndConstraint<VerdictAssertions> BeWithinBudget(string because = "", params object[] becauseArgs) =>
        Assert(v => v.Outcome is VerdictOutcome.Pass or VerdictOutcome.Improved, "to be within its budget", because, becauseArgs);

    // Marked so that FluentAssertions looks past it for the caller's expression ("verdict" in verdict.Should()).
    [CustomAssertion]
    private AndConstraint<VerdictAssertions> Assert(Func<Verdict, bool> condition, string expectation, string because, object[] becauseArgs)
    {
        if (NotNull(expectation, because, becauseArgs))
        {
            Chain
                .BecauseOf(because, becauseArgs)
                .ForCondition(condition(Subject))
                .FailWith(() => new FailReason(
                    $"Expected {{context:verdict}} {expectation}{{reason}}, but it was {Subject.Outcome}:" + FailureText.Lines([Subject.Message])));
        }

        return new AndConstraint<VerdictAssertions>(this);
    }

    [CustomAssertion]
    private bool NotNull(string expectation, string because, object[] becauseArgs)
    {
        var found = Chain
            .BecauseOf(because, becauseArgs)
            .ForCondition(Subject is not null)
            .FailWith($"Expected {{context:verdict}} {expectation}{{reason}}, but found <null>.");
#if AWESOME_ASSERTIONS
        return found.Then.Succeeded;
#else
        return found;
#endif
    }
}
