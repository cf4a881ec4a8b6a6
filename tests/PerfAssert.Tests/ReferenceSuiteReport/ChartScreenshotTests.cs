using System.Globalization;
using System.Text;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Reporting;
using PerfAssert.Tests.Support;

namespace PerfAssert.Tests.ReferenceSuiteReport;

/// <summary>
/// A report's chart as a person sees it: the page is rendered by headless Chromium (Debian's
/// <c>chromium-headless-shell</c>, which tools/test.sh installs) and its screenshot read pixel by pixel. The reference
/// suite's 15 stacks must each show their own colour, and the second eight their hatch marker as well.
/// </summary>
public sealed class ChartScreenshotTests
{
    // A channel this bright in all three is a stripe of the hatch (white, antialiased at its edges); no stack colour has one.
    private const int LightChannel = 0xD0;
    private const int Stacks = 15;

    [Fact]
    public async Task Screenshot_FifteenStacks_ShowsEachColourAndStripesTheHatchedOnes()
    {
        using var temp = new TempDirectory();
        var page = Path.Combine(temp.Path, "chart.html");
        var screenshot = Path.Combine(temp.Path, "chart.png");
        await File.WriteAllTextAsync(page, Page(), TestContext.Current.CancellationToken);

        await HeadlessChromium.ScreenshotAsync(page, screenshot, 1100, 900);

        var image = PngImage.Read(screenshot);
        var seen = new StringBuilder();
        var stacks = Enumerable.Range(0, Stacks).Select(s => Look(image, s, seen)).ToList();

        TestContext.Current.TestOutputHelper?.WriteLine(seen.ToString());
        for (var s = 0; s < Stacks; s++)
        {
            Assert.True(stacks[s].Pixels >= 1000, $"stack{s} ({SvgBarChart.Color(s)}) is hardly visible:\n{seen}");
            // Across the middle of a solid bar nothing is light; across a hatched one every stripe is.
            // The second eight colours carry the hatch marker (SvgBarChart's design), so stacks 8 to 14 must show stripes.
            Assert.True(s >= 8 ? stacks[s].LightAcross >= 20 : stacks[s].LightAcross == 0, $"stack{s}'s marker is not what it should be:\n{seen}");
            // A colour shared by two stacks would put its middle between their bars, out of the left-to-right order.
            Assert.True(s == 0 || stacks[s].MiddleX > stacks[s - 1].MiddleX + 20, $"stack{s}'s colour is not in its own bar, right of stack{s - 1}'s:\n{seen}");
        }
    }

    /// <summary>
    /// How many pixels show the stack's exact colour, and how many light (white stripe) pixels lie across the middle of its
    /// bar: 9 rows of 31 pixels around the median of its pixels, which is inside the bar (the bar has many times the
    /// pixels of its legend swatch).
    /// </summary>
    private static (int Pixels, int LightAcross, int MiddleX) Look(PngImage image, int stack, StringBuilder seen)
    {
        var colour = int.Parse(SvgBarChart.Color(stack).AsSpan(1), NumberStyles.HexNumber, CultureInfo.InvariantCulture);
        var xs = new List<int>();
        var ys = new List<int>();
        for (var y = 0; y < image.Height; y++)
        {
            for (var x = 0; x < image.Width; x++)
            {
                if (image.Rgb(x, y) == colour)
                {
                    xs.Add(x);
                    ys.Add(y);
                }
            }
        }

        var (light, middleX) = (0, -1);
        if (xs.Count > 0)
        {
            xs.Sort();
            ys.Sort();
            middleX = xs[xs.Count / 2];
            var middleY = ys[ys.Count / 2];
            for (var y = Math.Max(0, middleY - 4); y <= Math.Min(image.Height - 1, middleY + 4); y++)
            {
                for (var x = Math.Max(0, middleX - 15); x <= Math.Min(image.Width - 1, middleX + 15); x++)
                {
                    var rgb = image.Rgb(x, y);
                    light += (rgb >> 16) >= LightChannel && ((rgb >> 8) & 0xFF) >= LightChannel && (rgb & 0xFF) >= LightChannel ? 1 : 0;
                }
            }
        }

        seen.AppendLine(CultureInfo.InvariantCulture, $"stack{stack} {SvgBarChart.Color(stack)}: {xs.Count} px, middle at x {middleX}, {light} light across its bar");
        return (xs.Count, light, middleX);
    }

    /// <summary>One chart of the 15 stacks in the report's own page and styles.</summary>
    private static string Page()
    {
        var series = Enumerable.Range(0, Stacks).Select(i => new BarSeries("stack" + i, [10.0 + i])).ToList();
        var html = new StringBuilder();
        HtmlPage.Open(html, "Fifteen stacks");
        SvgBarChart.Render(html, new BarChart("Small-0 mean", "us", ["Small-0"], series), index: 0);
        HtmlPage.Close(html);
        return html.ToString();
    }
}
