namespace PerfAssert.BenchmarkDotNet;

/// <summary>
/// Declares the budgets of a benchmark class or of one benchmark method, mapping one to one onto
/// <see cref="BenchmarkBudgets"/>; a method's attribute replaces the class's for that method. Budgets passed to
/// <see cref="BenchmarkClass.Of(Type, BenchmarkBudgets?)"/> take precedence over both.
/// </summary>
[AttributeUsage(AttributeTargets.Class | AttributeTargets.Method, AllowMultiple = false, Inherited = true)]
public sealed class BenchmarkBudgetAttribute : Attribute
{
    /// <summary>See <see cref="BenchmarkBudgets.MeanAtMostBaseline"/>; 0 (the default) means none.</summary>
    public double MeanAtMostBaseline { get; set; }

    /// <summary>See <see cref="BenchmarkBudgets.AllocationsAtMostBaseline"/>. <value>The default is <see langword="false"/>.</value></summary>
    public bool AllocationsAtMostBaseline { get; set; }

    /// <summary>See <see cref="BenchmarkBudgets.ExtraBytesOverBaseline"/>. <value>The default is 0.</value></summary>
    public double ExtraBytesOverBaseline { get; set; }

    /// <summary>See <see cref="BenchmarkBudgets.BaselineFile"/>. <value>The default is <see langword="null"/>.</value></summary>
    public string? BaselineFile { get; set; }

    /// <summary>See <see cref="BenchmarkBudgets.EnforceCalibrationLatency"/>. <value>The default is <see langword="false"/>.</value></summary>
    public bool EnforceCalibrationLatency { get; set; }

    internal BenchmarkBudgets ToBudgets() => new()
    {
        MeanAtMostBaseline = MeanAtMostBaseline > 0 ? MeanAtMostBaseline : null,
        AllocationsAtMostBaseline = AllocationsAtMostBaseline,
        ExtraBytesOverBaseline = ExtraBytesOverBaseline,
        BaselineFile = BaselineFile,
        EnforceCalibrationLatency = EnforceCalibrationLatency,
    };
}
