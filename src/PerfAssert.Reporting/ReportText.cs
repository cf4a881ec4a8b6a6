using System.Globalization;

namespace PerfAssert.Reporting;

/// <summary>Number formatting shared by the renderers: invariant culture, one spelling for a missing value.</summary>
internal static class ReportText
{
    public const string Missing = "-";

    public static string Us(double? value) => Format(value, "#,0.0");

    public static string PerThousand(double? value) => Format(value, "0.####");

    public static string Bytes(double? value) => Format(value, "#,0.#");

    public static string Ratio(double? value) => value is { } v && double.IsFinite(v) ? v.ToString("0.00", CultureInfo.InvariantCulture) + "x" : Missing;

    /// <summary>A finite value in <paramref name="format"/>, invariant; otherwise <see cref="Missing"/>.</summary>
    public static string Format(double? value, string format) =>
        value is { } v && double.IsFinite(v) ? v.ToString(format, CultureInfo.InvariantCulture) : Missing;
}
