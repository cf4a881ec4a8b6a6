namespace PerfAssert.Budgets;

/// <summary>Allocated bytes per operation at most the partner's plus <see cref="ExtraBytesPerOp"/>.</summary>
/// <param name="ExtraBytesPerOp">How many more bytes per operation than the partner are acceptable.</param>
/// <param name="Tolerance">Bytes per operation over the budget still accepted.</param>
public sealed record RelativeAllocationBudget(double ExtraBytesPerOp = 0, double Tolerance = AllocationBudget.DefaultTolerance) : Budget
{
    /// <inheritdoc/>
    public override bool NeedsPartner => true;

    /// <inheritdoc/>
    public override void Validate()
    {
        if (!double.IsFinite(ExtraBytesPerOp))
        {
            throw new ArgumentOutOfRangeException(nameof(ExtraBytesPerOp), ExtraBytesPerOp, "The budget's ExtraBytesPerOp must be a finite number.");
        }

        NonNegativeFinite(Tolerance, nameof(Tolerance));
    }
}
