namespace PerfAssert.Diagnosis;

/// <summary>One allocated type and allocating method on both sides of a comparison, in bytes per call.</summary>
/// <param name="Type">The allocated type.</param>
/// <param name="Method">The method that allocated it.</param>
/// <param name="BaselineBytesPerCall">The reference side's estimate (0 when it had no sample).</param>
/// <param name="CurrentBytesPerCall">The judged side's estimate (0 when it had no sample).</param>
/// <param name="StandardError">The difference's standard error, from both estimates'.</param>
/// <param name="MoreThanNoise">Whether the difference is more than the sampling's noise (<see cref="AllocationComparison"/> says which rule).</param>
internal sealed record AllocationDifference(string Type, string Method, double BaselineBytesPerCall, double CurrentBytesPerCall, double StandardError, bool MoreThanNoise)
{
    /// <summary>How many more bytes per call the judged side allocated (negative: fewer).</summary>
    public double DifferenceBytesPerCall => CurrentBytesPerCall - BaselineBytesPerCall;
}
