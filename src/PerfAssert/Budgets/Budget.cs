namespace PerfAssert.Budgets;

/// <summary>A limit a performance test asserts. Budgets are data: the engine measures what they need and judges them.</summary>
public abstract record Budget
{
    /// <summary>Whether the budget compares the subject with a partner measured in the same run.</summary>
    public virtual bool NeedsPartner => false;

    /// <summary>Throws <see cref="ArgumentException"/> naming the setting when the budget makes no sense.</summary>
    public abstract void Validate();

    /// <summary>Throws when <paramref name="value"/> is NaN, infinite or negative.</summary>
    protected static void NonNegativeFinite(double value, string name)
    {
        if (!double.IsFinite(value) || value < 0)
        {
            throw new ArgumentOutOfRangeException(name, value, $"The budget's {name} must be a finite number of at least 0.");
        }
    }

    /// <summary>Throws when <paramref name="value"/> is NaN, infinite, zero or negative.</summary>
    protected static void PositiveFinite(double value, string name)
    {
        if (!double.IsFinite(value) || value <= 0)
        {
            throw new ArgumentOutOfRangeException(name, value, $"The budget's {name} must be a finite number above 0.");
        }
    }
}
