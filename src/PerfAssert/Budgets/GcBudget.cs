namespace PerfAssert.Budgets;

/// <summary>Garbage collections of one generation per 1,000 operations at most <see cref="MaxPerThousandOps"/>.</summary>
/// <param name="Generation">0, 1 or 2.</param>
/// <param name="MaxPerThousandOps">The largest acceptable number of collections per 1,000 operations.</param>
public sealed record GcBudget(int Generation, double MaxPerThousandOps) : Budget
{
    /// <inheritdoc/>
    public override void Validate()
    {
        if (Generation is < 0 or > 2)
        {
            throw new ArgumentOutOfRangeException(nameof(Generation), Generation, "The budget's Generation must be 0, 1 or 2.");
        }

        NonNegativeFinite(MaxPerThousandOps, nameof(MaxPerThousandOps));
    }
}
