namespace PerfAssert.Verdicts;

/// <summary>What a budget check concluded.</summary>
public enum VerdictOutcome
{
    /// <summary>The measurement is within the budget, beyond reasonable doubt.</summary>
    Pass,

    /// <summary>Within the budget by a wide margin: the budget could be tightened.</summary>
    Improved,

    /// <summary>The evidence could not decide within the time allowed. A warning by default, a failure in strict mode.</summary>
    Inconclusive,

    /// <summary>Over the budget beyond reasonable doubt and beyond the noise floor (and, for timings, confirmed).</summary>
    Regression,

    /// <summary>The test has no baseline entry yet: a candidate was written, and the message names the command that accepts it.</summary>
    NoBaseline,

    /// <summary>The environment made the measurement meaningless (Debug build, debugger, unstable machine).</summary>
    Invalid,
}
