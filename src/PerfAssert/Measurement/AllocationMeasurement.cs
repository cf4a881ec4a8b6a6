namespace PerfAssert.Measurement;

/// <summary>Allocated bytes per operation and garbage collections per 1,000 operations.</summary>
/// <param name="BytesPerOp">The smallest figure over the <see cref="Repeats"/> repeats that count, harness overhead removed.</param>
/// <param name="Gen0PerThousandOps">Generation 0 collections per 1,000 operations over the repeats that count.</param>
/// <param name="Gen1PerThousandOps">Generation 1 collections per 1,000 operations over the repeats that count.</param>
/// <param name="Gen2PerThousandOps">Generation 2 collections per 1,000 operations over the repeats that count.</param>
/// <param name="OpsPerRepeat">Operations in each repeat.</param>
/// <param name="Repeats">How many repeats count: those during which the JIT compiled nothing, or all of them when
/// <see cref="JitSettled"/> is <see langword="false"/>.</param>
/// <param name="Scope">Whose allocations counted.</param>
public sealed record AllocationMeasurement(
    double BytesPerOp,
    double Gen0PerThousandOps,
    double Gen1PerThousandOps,
    double Gen2PerThousandOps,
    long OpsPerRepeat,
    int Repeats,
    AllocationScope Scope)
{
    /// <summary>Repeats set aside because the JIT compiled methods while they ran (code still tiering up).</summary>
    public int JitBusyRepeats { get; init; }

    /// <summary>Whether at least one repeat ran with the JIT quiet. When <see langword="false"/>, the JIT compiled methods during
    /// every repeat for the whole <see cref="PerfOptions.AllocationSettleTime"/>, so <see cref="BytesPerOp"/> may include allocations
    /// that the optimized code no longer makes, and a figure over budget is Inconclusive rather than a regression.</summary>
    public bool JitSettled { get; init; } = true;
}
