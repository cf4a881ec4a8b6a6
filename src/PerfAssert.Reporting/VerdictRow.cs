using PerfAssert.Verdicts;

namespace PerfAssert.Reporting;

/// <summary>One verdict of a run's summary, with the result it belongs to.</summary>
/// <param name="Result">The test's result.</param>
/// <param name="Verdict">One of its verdicts.</param>
public sealed record VerdictRow(PerfResult Result, Verdict Verdict)
{
    /// <summary>Whether this verdict fails its test (see <see cref="Verdict.Fails(bool)"/>, with the result's strict mode).</summary>
    public bool Fails => Verdict.Fails(Result.Strict);
}
