using System.Globalization;
using System.Text;
using PerfAssert.Reporting;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// Draws a grouped bar chart as inline SVG (no script, nothing fetched). The value axis turns logarithmic when the
/// positive values span more than <see cref="LogThreshold"/>x, so a Large-1000 bar does not flatten a Small-0 bar;
/// a zero cannot be drawn on a log axis, so there it leaves a gap (the tables still show it).
/// </summary>
internal static class SvgBarChart
{
    public const double LogThreshold = 100;

    private const int Width = 960;
    private const int Left = 84;
    private const int Right = 16;
    private const int Top = 40;
    private const int PlotHeight = 280;
    private const int LegendColumn = 236;
    private const int LegendRow = 20;
    private const double CharWidth = 6.6;

    /// <summary>Series with a distinct colour and marker each; beyond it the pairs repeat.</summary>
    public const int DistinctSeries = 16;

    // Sixteen qualitative colours: Okabe-Ito's eight (colour-blind-safe), then eight of Paul Tol's muted and bright sets. The
    // second eight also carry a hatch marker, so a series is told apart by colour and by marker (the reference suite has 15
    // stacks, and two blues without a marker could not be read).
    private static readonly string[] Palette =
    [
        "#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9", "#F0E442", "#000000",
        "#882255", "#44AA99", "#999933", "#AA4499", "#332288", "#88CCEE", "#DDCC77", "#117733",
    ];

    public static string Color(int series) => Palette[series % Palette.Length];

    /// <summary>Whether the series' bars and legend swatch carry the hatch marker.</summary>
    public static bool Hatched(int series) => series % DistinctSeries >= DistinctSeries / 2;

    /// <summary>Draws <paramref name="chart"/>; <paramref name="index"/> numbers it within its page, so the ids it defines are unique there.</summary>
    public static void Render(StringBuilder html, BarChart chart, int index)
    {
        var hatch = Invariant($"pa-hatch-{index}");
        var values = chart.Series.SelectMany(s => s.Values).OfType<double>().Where(v => double.IsFinite(v) && v >= 0).ToList();
        var positive = values.Where(v => v > 0).ToList();
        var log = positive.Count > 1 && positive.Max() / positive.Min() > LogThreshold;
        var axis = log ? LogAxis(positive) : LinearAxis(values.Count == 0 ? 1 : values.Max());
        var plotWidth = Width - Left - Right;
        var groupWidth = chart.Groups.Count == 0 ? plotWidth : (double)plotWidth / chart.Groups.Count;
        var longestLabel = chart.Groups.Count == 0 ? 0 : chart.Groups.Max(g => g.Length) * CharWidth;
        var rotate = longestLabel > groupWidth - 4;
        var labelHeight = rotate ? (int)Math.Min(longestLabel * 0.6, 160) + 24 : 28;
        var legend = chart.Series.Count > 1;
        var perRow = Math.Max(1, plotWidth / LegendColumn);
        var legendHeight = legend ? ((chart.Series.Count + perRow - 1) / perRow * LegendRow) + 8 : 0;
        var height = Top + PlotHeight + labelHeight + legendHeight;

        html.Append(Invariant($"<svg class=\"chart\" role=\"img\" viewBox=\"0 0 {Width} {height}\" width=\"{Width}\" height=\"{height}\">"));
        html.Append("<title>").Append(Escape(chart.Title)).Append("</title>");
        if (chart.Series.Count > DistinctSeries / 2)
        {
            // The hatch marker, white diagonal lines over a series' colour.
            html.Append(Invariant($"<defs><pattern id=\"{hatch}\" width=\"6\" height=\"6\" patternUnits=\"userSpaceOnUse\" patternTransform=\"rotate(45)\"><rect width=\"2\" height=\"6\" fill=\"#ffffff\"/></pattern></defs>"));
        }

        html.Append(Invariant($"<text class=\"chart-title\" x=\"{Left}\" y=\"22\">")).Append(Escape(chart.Title))
            .Append(log ? " (log scale)" : string.Empty).Append("</text>");
        Axis(html, axis, chart.Unit, log);
        Bars(html, chart, axis, log, groupWidth, hatch);
        GroupLabels(html, chart, groupWidth, rotate);
        if (legend)
        {
            Legend(html, chart, Top + PlotHeight + labelHeight + 8, perRow, hatch);
        }

        html.Append("</svg>\n");
    }

    private static void Axis(StringBuilder html, (double Low, double High, IReadOnlyList<double> Ticks) axis, string unit, bool log)
    {
        foreach (var tick in axis.Ticks)
        {
            var y = Y(tick, axis, log);
            html.Append(Invariant($"<line class=\"grid\" x1=\"{Left}\" x2=\"{Width - Right}\" y1=\"{y:0.#}\" y2=\"{y:0.#}\"/>"));
            html.Append(Invariant($"<text class=\"tick\" x=\"{Left - 6}\" y=\"{y + 4:0.#}\" text-anchor=\"end\">{ReferenceText.Axis(tick)}</text>"));
        }

        html.Append(Invariant($"<line class=\"axis\" x1=\"{Left}\" x2=\"{Left}\" y1=\"{Top}\" y2=\"{Top + PlotHeight}\"/>"));
        html.Append(Invariant($"<line class=\"axis\" x1=\"{Left}\" x2=\"{Width - Right}\" y1=\"{Top + PlotHeight}\" y2=\"{Top + PlotHeight}\"/>"));
        var middle = Top + (PlotHeight / 2);
        html.Append(Invariant($"<text class=\"unit\" transform=\"translate(16 {middle}) rotate(-90)\" text-anchor=\"middle\">")).Append(Escape(unit)).Append("</text>");
    }

    private static void Bars(StringBuilder html, BarChart chart, (double Low, double High, IReadOnlyList<double> Ticks) axis, bool log, double groupWidth, string hatch)
    {
        var barWidth = groupWidth * 0.8 / Math.Max(1, chart.Series.Count);
        for (var s = 0; s < chart.Series.Count; s++)
        {
            var series = chart.Series[s];
            for (var g = 0; g < chart.Groups.Count && g < series.Values.Count; g++)
            {
                if (series.Values[g] is not { } value || !double.IsFinite(value) || value < 0 || (log && value <= 0))
                {
                    continue;
                }

                var x = Left + (g * groupWidth) + (groupWidth * 0.1) + (s * barWidth);
                var y = Y(value, axis, log);
                var tip = $"{series.Name} | {chart.Groups[g]}: {ReferenceText.Axis(value)} {chart.Unit}";
                var box = Invariant($"x=\"{x:0.##}\" y=\"{y:0.##}\" width=\"{Math.Max(1, barWidth - 1):0.##}\" height=\"{Top + PlotHeight - y:0.##}\"");
                html.Append(Invariant($"<rect {box} fill=\"{Color(s)}\">")).Append("<title>").Append(Escape(tip)).Append("</title></rect>");
                Marker(html, s, box, hatch);
                if (barWidth >= 34)
                {
                    html.Append(Invariant($"<text class=\"value\" x=\"{x + (barWidth / 2):0.##}\" y=\"{y - 4:0.##}\" text-anchor=\"middle\">{ReferenceText.Axis(Math.Round(value, value >= 100 ? 0 : 2))}</text>"));
                }
            }
        }
    }

    private static void GroupLabels(StringBuilder html, BarChart chart, double groupWidth, bool rotate)
    {
        for (var g = 0; g < chart.Groups.Count; g++)
        {
            var x = Left + (g * groupWidth) + (groupWidth / 2);
            var y = Top + PlotHeight + 18;
            var placement = rotate
                ? Invariant($"text-anchor=\"end\" transform=\"rotate(-35 {x:0.##} {y})\" x=\"{x:0.##}\" y=\"{y}\"")
                : Invariant($"text-anchor=\"middle\" x=\"{x:0.##}\" y=\"{y}\"");
            html.Append("<text class=\"group\" ").Append(placement).Append('>').Append(Escape(chart.Groups[g])).Append("</text>");
        }
    }

    private static void Legend(StringBuilder html, BarChart chart, int top, int perRow, string hatch)
    {
        for (var s = 0; s < chart.Series.Count; s++)
        {
            var x = Left + (s % perRow * LegendColumn);
            var y = top + (s / perRow * LegendRow);
            var box = Invariant($"x=\"{x}\" y=\"{y}\" width=\"12\" height=\"12\"");
            html.Append(Invariant($"<rect {box} fill=\"{Color(s)}\"/>"));
            Marker(html, s, box, hatch);
            html.Append(Invariant($"<text class=\"legend\" x=\"{x + 18}\" y=\"{y + 11}\">")).Append(Escape(chart.Series[s].Name)).Append("</text>");
        }
    }

    /// <summary>Overlays the series' marker, if it has one, on the bar or swatch at <paramref name="box"/>.</summary>
    private static void Marker(StringBuilder html, int series, string box, string hatch)
    {
        if (Hatched(series))
        {
            html.Append(Invariant($"<rect {box} fill=\"url(#{hatch})\" pointer-events=\"none\"/>"));
        }
    }

    private static double Y(double value, (double Low, double High, IReadOnlyList<double> Ticks) axis, bool log)
    {
        var fraction = log
            ? (Math.Log10(value) - Math.Log10(axis.Low)) / (Math.Log10(axis.High) - Math.Log10(axis.Low))
            : (value - axis.Low) / (axis.High - axis.Low);
        return Top + (PlotHeight * (1 - Math.Clamp(fraction, 0, 1)));
    }

    private static (double Low, double High, IReadOnlyList<double> Ticks) LogAxis(List<double> positive)
    {
        var low = Math.Floor(Math.Log10(positive.Min()));
        var high = Math.Max(Math.Ceiling(Math.Log10(positive.Max())), low + 1);
        var ticks = new List<double>();
        for (var power = low; power <= high; power++)
        {
            ticks.Add(Math.Pow(10, power));
        }

        return (ticks[0], ticks[^1], ticks);
    }

    private static (double Low, double High, IReadOnlyList<double> Ticks) LinearAxis(double max)
    {
        var raw = max <= 0 ? 1 : max / 5;
        var magnitude = Math.Pow(10, Math.Floor(Math.Log10(raw)));
        var nice = (raw / magnitude) switch { <= 1 => 1, <= 2 => 2, <= 5 => 5, _ => 10 };
        var step = nice * magnitude;
        var count = Math.Max(1, (int)Math.Ceiling(max / step));
        var ticks = Enumerable.Range(0, count + 1).Select(i => i * step).ToList();
        return (0, ticks[^1], ticks);
    }

    private static string Escape(string value) => HtmlPage.Escape(value);

    private static string Invariant(FormattableString text) => text.ToString(CultureInfo.InvariantCulture);
}
