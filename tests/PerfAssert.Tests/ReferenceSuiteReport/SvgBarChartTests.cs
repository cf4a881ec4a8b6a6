using System.Text;
using PerfAssert.ReferenceSuite.Report;

namespace PerfAssert.Tests.ReferenceSuiteReport;

public sealed class SvgBarChartTests
{
    [Fact]
    public void Render_ValuesWithinHundredfold_UsesLinearAxisFromZero()
    {
        var svg = Render([10, 400]);

        Assert.DoesNotContain("log scale", svg, StringComparison.Ordinal);
        Assert.Contains(">0</text>", svg, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_ValuesSpanningThousandfold_UsesLogAxisWithDecadeTicks()
    {
        var svg = Render([300, 111_348]);

        Assert.Contains("(log scale)", svg, StringComparison.Ordinal);
        Assert.Contains(">100</text>", svg, StringComparison.Ordinal);
        Assert.Contains(">1,000,000</text>", svg, StringComparison.Ordinal);
    }

    [Fact]
    public void Render_MissingAndZeroValuesOnLogAxis_DrawNoBarAndDoNotThrow()
    {
        var svg = Render([null, 0, 1, 5000, double.NaN]);

        Assert.Equal(2, svg.Split("<rect x=").Length - 1);
    }

    [Fact]
    public void Render_FifteenStacks_GivesEachADistinctColourAndMarkerInTheLegend()
    {
        // The reference suite's 15 stacks: every legend swatch must be told apart without the tables.
        var series = Enumerable.Range(0, 15).Select(i => new BarSeries("stack" + i, [1.0 + i])).ToList();
        var html = new StringBuilder();

        SvgBarChart.Render(html, new BarChart("t", "us", ["g"], series), index: 3);

        var svg = html.ToString();
        var swatches = System.Text.RegularExpressions.Regex.Matches(svg, "<rect x=\"\\d+\" y=\"\\d+\" width=\"12\" height=\"12\" fill=\"(#[0-9A-Fa-f]{6})\"/>")
            .Select(m => m.Groups[1].Value).ToList();
        Assert.Equal(15, swatches.Count);
        Assert.Equal(15, swatches.Distinct(StringComparer.OrdinalIgnoreCase).Count());
        Assert.Equal(7, System.Text.RegularExpressions.Regex.Matches(svg, "width=\"12\" height=\"12\" fill=\"url\\(#pa-hatch-3\\)\"").Count);
        Assert.Contains("<pattern id=\"pa-hatch-3\"", svg, StringComparison.Ordinal);
        Assert.Equal(15, Enumerable.Range(0, 15).Select(i => (SvgBarChart.Color(i), SvgBarChart.Hatched(i))).Distinct().Count());
    }

    private static string Render(IReadOnlyList<double?> values)
    {
        var groups = values.Select((_, i) => "g" + i).ToList();
        var html = new StringBuilder();
        SvgBarChart.Render(html, new BarChart("t", "us", groups, [new BarSeries("s", values)]), index: 0);
        return html.ToString();
    }
}
