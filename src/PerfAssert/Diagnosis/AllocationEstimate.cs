namespace PerfAssert.Diagnosis;

/// <summary>The bytes per call one type allocated in one method, estimated from sampled allocations, with its interval.</summary>
/// <param name="Type">The allocated type.</param>
/// <param name="Method">The method that allocated it.</param>
/// <param name="BytesPerCall">The estimate.</param>
/// <param name="Lower">The interval's lower end (never below 0).</param>
/// <param name="Upper">The interval's upper end.</param>
/// <param name="Samples">How many sampled allocations it rests on.</param>
/// <param name="StandardError">The estimate's standard error, in bytes per call.</param>
internal sealed record AllocationEstimate(string Type, string Method, double BytesPerCall, double Lower, double Upper, int Samples, double StandardError);
