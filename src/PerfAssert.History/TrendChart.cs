using System.Globalization;
using System.Text;
using PerfAssert.Reporting;

namespace PerfAssert.History;

/// <summary>
/// One measure's trend as an inline SVG line chart: a point per run in run order, its interval as a whisker where the
/// measure has one, the budget as a dashed line, change points as a vertical line before the run that first shows the
/// new level (red when it alerts, green when its commit accepted it), and notes as a marker on top. No script.
/// </summary>
internal static class TrendChart
{
    public const string LineColour = "#1f6feb";
    public const string AlertColour = "#cf222e";
    public const string AcceptedColour = "#1a7f37";

    private const int Width = 900;
    private const int Height = 220;
    private const int Left = 70;
    private const int Right = 40;
    private const int Top = 28;
    private const int Bottom = 40;

    /// <summary>How many runs a chart draws each with a marker and a whisker.</summary>
    private const int MarkedPoints = 150;

    /// <summary>An axis label short enough for the margin: thousands grouped, as many decimals as the axis's span needs.</summary>
    private static string Tick(double value, double span)
    {
        var decimals = span >= 50 ? 0 : Math.Clamp((int)Math.Ceiling(-Math.Log10(span / 50)), 0, 6);
        return value.ToString("#,0." + new string('#', decimals), CultureInfo.InvariantCulture) is { Length: > 0 and <= 10 } text && text != "-0" ? text : value.ToString("G3", CultureInfo.InvariantCulture);
    }

    public static void Render(StringBuilder html, MeasureSeries series, IReadOnlyList<RunNote> notes, string title)
    {
        var points = series.Points;
        var values = points.SelectMany(p => new[] { p.Value, p.Lower ?? p.Value, p.Upper ?? p.Value, p.Budget ?? p.Value }).Where(double.IsFinite).ToList();
        var (low, high) = (values.Min(), values.Max());
        var pad = high > low ? (high - low) * 0.08 : Math.Max(Math.Abs(high) * 0.05, 1);
        (low, high) = (low - pad, high + pad);
        double X(int i) => points.Count == 1 ? Left + ((Width - Left - Right) / 2.0) : Left + (i * (Width - Left - Right) / (double)(points.Count - 1));
        double Y(double v) => Top + ((high - v) / (high - low) * (Height - Top - Bottom));
        string F(double v) => v.ToString("0.#", CultureInfo.InvariantCulture);

        html.Append(CultureInfo.InvariantCulture, $"<svg class=\"chart trend\" viewBox=\"0 0 {Width} {Height}\" width=\"{Width}\" height=\"{Height}\" role=\"img\" aria-label=\"{HtmlPage.Escape(title)}\">\n");
        html.Append(CultureInfo.InvariantCulture, $"<text class=\"chart-title\" x=\"{Left}\" y=\"18\">{HtmlPage.Escape(title)}</text>\n");
        for (var tick = 0; tick <= 4; tick++)
        {
            var v = low + ((high - low) * tick / 4);
            html.Append(CultureInfo.InvariantCulture, $"<line class=\"grid\" x1=\"{Left}\" x2=\"{Width - Right}\" y1=\"{F(Y(v))}\" y2=\"{F(Y(v))}\"/>");
            html.Append(CultureInfo.InvariantCulture, $"<text class=\"tick\" x=\"{Left - 6}\" y=\"{F(Y(v) + 4)}\" text-anchor=\"end\">{Tick(v, high - low)}</text>\n");
        }

        html.Append(CultureInfo.InvariantCulture, $"<text class=\"unit\" x=\"{Left - 6}\" y=\"{Height - 6}\" text-anchor=\"end\">{HtmlPage.Escape(series.Measure.Unit)}</text>\n");
        var budgeted = Enumerable.Range(0, points.Count).Where(i => points[i].Budget is { } b && double.IsFinite(b)).ToList();
        if (budgeted.Count > 0)
        {
            // The budget as steps: it moves where a change was accepted (an allowance) or a margin changed.
            var steps = budgeted.SelectMany(i => new[] { $"{F(i == 0 ? X(0) : (X(i - 1) + X(i)) / 2)},{F(Y(points[i].Budget!.Value))}", $"{F(i == points.Count - 1 ? X(i) : (X(i) + X(i + 1)) / 2)},{F(Y(points[i].Budget!.Value))}" });
            html.Append("<polyline fill=\"none\" stroke=\"#9a6700\" stroke-dasharray=\"6 4\" points=\"").AppendJoin(' ', steps)
                .Append(CultureInfo.InvariantCulture, $"\"><title>budget {points[budgeted[^1]].Budget!.Value.ToString("G4", CultureInfo.InvariantCulture)}</title></polyline>\n");
        }

        var labelEvery = Math.Max(1, (int)Math.Ceiling(points.Count / 12.0));
        for (var i = 0; i < points.Count; i++)
        {
            if (i % labelEvery == 0 || i == points.Count - 1)
            {
                html.Append(CultureInfo.InvariantCulture, $"<text class=\"tick\" x=\"{F(X(i))}\" y=\"{Height - Bottom + 16}\" text-anchor=\"middle\">{HtmlPage.Escape(points[i].Run.ShortCommit[..Math.Min(7, points[i].Run.ShortCommit.Length)])}</text>\n");
            }
        }

        var indexOf = points.Select((p, i) => (p.Run.Id, i)).ToDictionary(p => p.Id, p => p.i);
        foreach (var change in series.Changes)
        {
            var index = indexOf[change.Run.Id];
            var x = index > 0 ? (X(index - 1) + X(index)) / 2 : X(index);
            var colour = change.Accepted is null ? AlertColour : AcceptedColour;
            var label = change.Accepted is null ? change.Signed : "accepted " + change.Signed;
            html.Append(CultureInfo.InvariantCulture, $"<line class=\"change\" x1=\"{F(x)}\" x2=\"{F(x)}\" y1=\"{Top}\" y2=\"{Height - Bottom}\" stroke=\"{colour}\" stroke-width=\"2\" stroke-dasharray=\"5 3\"><title>{HtmlPage.Escape(change.Describe(series.Measure))}</title></line>");
            html.Append(CultureInfo.InvariantCulture, $"<text class=\"value\" x=\"{F(x + 4)}\" y=\"{Top + 10}\" fill=\"{colour}\">{HtmlPage.Escape(label)}</text>\n");
        }

        foreach (var note in notes)
        {
            if (indexOf.TryGetValue(note.Run.Id, out var index))
            {
                html.Append(CultureInfo.InvariantCulture, $"<path class=\"note\" d=\"M{F(X(index) - 5)},{Top - 8} L{F(X(index) + 5)},{Top - 8} L{F(X(index))},{Top} Z\" fill=\"{AcceptedColour}\"><title>{HtmlPage.Escape($"{note.Annotation.Kind} at {note.Run.ShortCommit}: {note.Annotation.Note}")}</title></path>\n");
            }
        }

        // Up to MarkedPoints runs each point is a marker with its figures on hover, and its interval a whisker; beyond, a
        // page of fifty operations would carry tens of megabytes of markers, so the interval is one band and the line alone.
        var marked = points.Count <= MarkedPoints;
        var bounded = Enumerable.Range(0, points.Count).Where(i => points[i].Lower is not null && points[i].Upper is not null).ToList();
        if (!marked && bounded.Count > 1)
        {
            html.Append("<polygon fill=\"").Append(LineColour).Append("\" fill-opacity=\"0.18\" points=\"")
                .AppendJoin(' ', bounded.Select(i => $"{F(X(i))},{F(Y(points[i].Upper!.Value))}").Concat(bounded.AsEnumerable().Reverse().Select(i => $"{F(X(i))},{F(Y(points[i].Lower!.Value))}")))
                .Append("\"/>\n");
        }

        foreach (var i in marked ? bounded : [])
        {
            html.Append(CultureInfo.InvariantCulture, $"<line x1=\"{F(X(i))}\" x2=\"{F(X(i))}\" y1=\"{F(Y(points[i].Lower!.Value))}\" y2=\"{F(Y(points[i].Upper!.Value))}\" stroke=\"{LineColour}\" stroke-opacity=\"0.45\" stroke-width=\"3\"/>");
        }

        html.Append("<polyline fill=\"none\" stroke=\"").Append(LineColour).Append("\" stroke-width=\"2\" points=\"")
            .AppendJoin(' ', points.Select((p, i) => $"{F(X(i))},{F(Y(p.Value))}")).Append("\"/>\n");
        for (var i = 0; marked && i < points.Count; i++)
        {
            var p = points[i];
            html.Append(CultureInfo.InvariantCulture, $"<circle cx=\"{F(X(i))}\" cy=\"{F(Y(p.Value))}\" r=\"3.5\" fill=\"{LineColour}\"><title>{HtmlPage.Escape($"{p.Run.ShortCommit} {p.Run.Time:yyyy-MM-dd HH:mm}: {p.Value.ToString("G5", CultureInfo.InvariantCulture)} {series.Measure.Unit}")}</title></circle>");
        }

        html.Append("\n</svg>\n");
    }
}
