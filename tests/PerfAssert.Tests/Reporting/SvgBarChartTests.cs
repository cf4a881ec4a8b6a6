using System.Text;
using PerfAssert.Reporting;

namespace PerfAssert.Tests.Reporting;

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

    private static string Render(IReadOnlyList<double?> values)
    {
        var groups = values.Select((_, i) => "g" + i).ToList();
        var html = new StringBuilder();
        SvgBarChart.Render(html, new BarChart("t", "us", groups, [new BarSeries("s", values)]));
        return html.ToString();
    }
}
