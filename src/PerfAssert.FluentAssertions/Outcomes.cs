using PerfAssert.Verdicts;

#if AWESOME_ASSERTIONS
namespace PerfAssert.AwesomeAssertions;
#else
namespace PerfAssert.FluentAssertions;
#endif

/// <summary>Checks on <see cref="VerdictOutcome"/> arguments shared by the assertion classes.</summary>
internal static class Outcomes
{
    public static void ThrowIfUndefined(VerdictOutcome outcome, [System.Runtime.CompilerServices.CallerArgumentExpression(nameof(outcome))] string? name = null)
    {
        if (!Enum.IsDefined(outcome))
        {
            throw new ArgumentOutOfRangeException(name, outcome, $"Not a verdict outcome; use one of {string.Join(", ", Enum.GetNames<VerdictOutcome>())}.");
        }
    }
}
