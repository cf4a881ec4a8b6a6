namespace PerfAssert.Measurement;

/// <summary>Allocated bytes per operation and garbage collections per 1,000 operations.</summary>
/// <param name="BytesPerOp">The smallest figure over <see cref="Repeats"/> repeats, harness overhead removed.</param>
/// <param name="Gen0PerThousandOps">Generation 0 collections per 1,000 operations over all repeats.</param>
/// <param name="Gen1PerThousandOps">Generation 1 collections per 1,000 operations over all repeats.</param>
/// <param name="Gen2PerThousandOps">Generation 2 collections per 1,000 operations over all repeats.</param>
/// <param name="OpsPerRepeat">Operations in each repeat.</param>
/// <param name="Repeats">How many repeats were made.</param>
/// <param name="Scope">Whose allocations counted.</param>
public sealed record AllocationMeasurement(
    double BytesPerOp,
    double Gen0PerThousandOps,
    double Gen1PerThousandOps,
    double Gen2PerThousandOps,
    long OpsPerRepeat,
    int Repeats,
    AllocationScope Scope);
