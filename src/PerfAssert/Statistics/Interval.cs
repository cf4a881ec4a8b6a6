using System.Globalization;

namespace PerfAssert.Statistics;

/// <summary>An estimate with its two-sided confidence interval, from <see cref="SampleSize"/> independent observations.</summary>
/// <param name="Estimate">The point estimate.</param>
/// <param name="Lower">The lower bound; negative infinity when the data cannot bound it yet.</param>
/// <param name="Upper">The upper bound; positive infinity when the data cannot bound it yet.</param>
/// <param name="ConfidenceLevel">The two-sided confidence level, for example 0.99.</param>
/// <param name="SampleSize">The number of independent observations (blocks) behind the interval.</param>
public readonly record struct Interval(double Estimate, double Lower, double Upper, double ConfidenceLevel, int SampleSize)
{
    /// <summary>Whether both bounds are finite.</summary>
    public bool IsBounded => double.IsFinite(Lower) && double.IsFinite(Upper);

    /// <summary>Maps the estimate and bounds through a monotonically increasing function (for example exp or a scale).</summary>
    public Interval Map(Func<double, double> increasing)
    {
        ArgumentNullException.ThrowIfNull(increasing);
        return this with { Estimate = increasing(Estimate), Lower = increasing(Lower), Upper = increasing(Upper) };
    }

    /// <inheritdoc/>
    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{Estimate:0.###} [{Lower:0.###}, {Upper:0.###}] ({ConfidenceLevel:P0}, n={SampleSize})");
}
