namespace PerfAssert.Diagnosis;

/// <summary>One method's time per call on each side of a comparison, in nanoseconds, and whether the difference is more than noise.</summary>
/// <param name="Method">The method's full name.</param>
/// <param name="BaselineSelfNs">Its self time per call on the reference side.</param>
/// <param name="CurrentSelfNs">Its self time per call on the side being judged (the working tree, or the subject).</param>
/// <param name="BaselineInclusiveNs">Its inclusive time per call on the reference side.</param>
/// <param name="CurrentInclusiveNs">Its inclusive time per call on the side being judged.</param>
/// <param name="MoreThanNoise">Whether the self-time difference is more than the samples' own noise (<see cref="ProfileComparison"/> says which rule).</param>
internal sealed record MethodDifference(
    string Method, double BaselineSelfNs, double CurrentSelfNs, double BaselineInclusiveNs, double CurrentInclusiveNs, bool MoreThanNoise)
{
    /// <summary>How much more self time per call the judged side spent in the method (negative: less).</summary>
    public double SelfDifferenceNs => CurrentSelfNs - BaselineSelfNs;

    /// <summary>How much more inclusive time per call the judged side spent in the method and what it called.</summary>
    public double InclusiveDifferenceNs => CurrentInclusiveNs - BaselineInclusiveNs;

    /// <summary>Only the judged side ran the method.</summary>
    public bool IsNew => BaselineInclusiveNs == 0 && CurrentInclusiveNs > 0;

    /// <summary>Only the reference side ran the method.</summary>
    public bool Vanished => CurrentInclusiveNs == 0 && BaselineInclusiveNs > 0;
}
