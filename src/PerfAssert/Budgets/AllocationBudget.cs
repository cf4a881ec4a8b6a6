namespace PerfAssert.Budgets;

/// <summary>
/// Allocated bytes per operation at most <see cref="MaxBytesPerOp"/>. Allocations repeat exactly, so there are no statistics:
/// only a tolerance for the few bytes tiered JIT can leak into a measurement.
/// </summary>
/// <param name="MaxBytesPerOp">The largest acceptable allocated bytes per operation.</param>
/// <param name="Tolerance">Bytes per operation over the budget still accepted; one extra object is at least 24 bytes.</param>
public sealed record AllocationBudget(double MaxBytesPerOp, double Tolerance = AllocationBudget.DefaultTolerance) : Budget
{
    /// <summary>The default tolerance: under one byte per operation.</summary>
    public const double DefaultTolerance = 1.0;

    /// <inheritdoc/>
    public override void Validate()
    {
        NonNegativeFinite(MaxBytesPerOp, nameof(MaxBytesPerOp));
        NonNegativeFinite(Tolerance, nameof(Tolerance));
    }
}
