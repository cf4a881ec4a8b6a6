using System.Globalization;
using System.Text;

namespace PerfAssert.Verdicts;

/// <summary>
/// The one formatter of every verdict message: what was measured, the statistic, the value with its confidence interval,
/// the sample size, the budget and the outcome; for relative budgets both sides and the ratio. Invariant culture.
/// </summary>
public static class VerdictFormatter
{
    /// <summary>Formats a verdict as one line, for example
    /// <c>MessagePack Large-100 / WCF Large-100 median = 1.17 [1.13, 1.21] &gt; budget 1.10 (16 blocks, confirmed): Regression</c>.</summary>
    public static string Format(Verdict verdict)
    {
        ArgumentNullException.ThrowIfNull(verdict);
        var text = new StringBuilder();
        if (verdict.Outcome == VerdictOutcome.NoBaseline)
        {
            return text.Append(verdict.Subject).Append(' ').Append(verdict.Metric).Append(" = ").Append(Number(verdict.Measured.Estimate))
                .Append(" [").Append(Number(verdict.Measured.Lower)).Append(", ").Append(Number(verdict.Measured.Upper)).Append("] (")
                .Append(verdict.Evidence).Append("): NoBaseline - ").Append(verdict.Reason).ToString();
        }

        text.Append(verdict.Subject);
        if (verdict.Partner is not null)
        {
            text.Append(" / ").Append(verdict.Partner);
        }

        text.Append(' ').Append(verdict.Metric).Append(" = ").Append(Number(verdict.Measured.Estimate));
        if (verdict.Measured.SampleSize > 0 && verdict.Measured.Lower != verdict.Measured.Upper)
        {
            text.Append(" [").Append(Number(verdict.Measured.Lower)).Append(", ").Append(Number(verdict.Measured.Upper)).Append(']');
        }

        text.Append(Unit(verdict.Unit)).Append(' ').Append(Comparison(verdict)).Append(" budget ").Append(Budget(verdict));
        text.Append(" (").Append(verdict.Evidence);
        if (verdict.Measured.SampleSize > 0 && verdict.Measured.Lower != verdict.Measured.Upper)
        {
            text.Append(", ").Append(verdict.Measured.ConfidenceLevel.ToString("0.##%", CultureInfo.InvariantCulture)).Append(" CI");
        }

        if (verdict.Confirmed)
        {
            text.Append(", confirmed");
        }

        text.Append("): ").Append(verdict.Outcome);
        if (verdict.Advisory && verdict.Outcome is VerdictOutcome.Regression or VerdictOutcome.Inconclusive)
        {
            text.Append(" (advisory)");
        }

        if (verdict.Reason is not null)
        {
            text.Append(" - ").Append(verdict.Reason);
        }

        if (verdict.Diagnosis is not null)
        {
            text.AppendLine().Append(verdict.Diagnosis);
        }

        return text.ToString();
    }

    /// <summary>Formats a number the way every message does: three significant decimals for small values, thousands separators for large.</summary>
    public static string Number(double value) => value switch
    {
        double.PositiveInfinity => "+inf",
        double.NegativeInfinity => "-inf",
        double.NaN => "NaN",
        _ when Math.Abs(value) >= 1000 => value.ToString("#,0", CultureInfo.InvariantCulture),
        _ when Math.Abs(value) >= 100 => value.ToString("0.#", CultureInfo.InvariantCulture),
        _ => value.ToString("0.00#", CultureInfo.InvariantCulture),
    };

    /// <summary>
    /// The budget as a message states it: the limit with its unit, and for an exact budget with a tolerance the effective
    /// limit first, for example <c>87,461 B/op = 84,913 + tolerance 2,548</c>.
    /// </summary>
    public static string Budget(Verdict verdict) => Budget(verdict, Unit);

    /// <summary>The budget as <see cref="Budget(Verdict)"/> states it, with units written by <paramref name="unit"/> (a report writes ratios as <c>1.10x</c>).</summary>
    public static string Budget(Verdict verdict, Func<string, string> unit)
    {
        ArgumentNullException.ThrowIfNull(verdict);
        ArgumentNullException.ThrowIfNull(unit);
        if (verdict.Tolerance <= 0 || !double.IsFinite(verdict.Limit))
        {
            return Number(verdict.Limit) + unit(verdict.Unit);
        }

        var tolerance = verdict.Tolerance >= 1000 ? verdict.Tolerance.ToString("#,0", CultureInfo.InvariantCulture) : verdict.Tolerance.ToString("0.##", CultureInfo.InvariantCulture);
        return $"{Number(verdict.Limit + verdict.Tolerance)}{unit(verdict.Unit)} = {Number(verdict.Limit)} + tolerance {tolerance}";
    }

    private static string Unit(string unit) => unit == "x" ? string.Empty : " " + unit;

    private static string Comparison(Verdict verdict) => verdict.Outcome switch
    {
        VerdictOutcome.Pass or VerdictOutcome.Improved => verdict.AtLeast ? ">=" : "<=",
        VerdictOutcome.Regression => verdict.AtLeast ? "<" : ">",
        _ => "vs",
    };
}
