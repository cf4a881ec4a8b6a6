using PerfAssert.History.Tests.Support;
using PerfAssert.Tests.Support;

namespace PerfAssert.History.Tests;

/// <summary>
/// The trend page as a person sees it: headless Chromium renders history.html and its screenshot is read pixel by pixel.
/// Each of the three operations must show its own chart (a band of the trend line's colour, apart from the others), and
/// the slowed operation's chart, and only it, its red change-point line.
/// </summary>
public sealed class TrendPageScreenshotTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    [Fact]
    public async Task Screenshot_ThreeOperations_ShowsAChartEachAndTheChangePointOnTheSlowedOne()
    {
        var store = HistoryStore.Open(Path.Combine(_temp.Path, "history.db"));
        await SyntheticHistory.RecordAsync(store, withVerdicts: false, withAllocations: false);
        var snapshot = await store.ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken);
        var page = Path.Combine(_temp.Path, "history.html");
        var screenshot = Path.Combine(_temp.Path, "history.png");
        await File.WriteAllTextAsync(page, HistoryReport.Html(snapshot, HistoryAnalysis.Analyse(snapshot), "Performance history"), TestContext.Current.CancellationToken);

        await HeadlessChromium.ScreenshotAsync(page, screenshot, 1000, 1400);

        var image = PngImage.Read(screenshot);
        var line = Rows(image, Colour(TrendChart.LineColour));
        var charts = Bands(line);
        TestContext.Current.TestOutputHelper?.WriteLine($"trend-line bands (rows): {string.Join(", ", charts.Select(b => $"{b.First}-{b.Last}"))}");
        Assert.Equal(3, charts.Count);
        Assert.All(charts, b => Assert.True(b.Last - b.First >= 60, $"a chart's line spans only rows {b.First}-{b.Last}"));
        // Sections are in title order: Allocating, Slowed, Steady. The red line is drawn across the second chart only.
        var red = Rows(image, Colour(TrendChart.AlertColour), least: 1);
        Assert.True(red.Count(y => y >= charts[1].First && y <= charts[1].Last) >= 60, $"the change point's line is hardly visible in the slowed operation's chart ({red.Count} red rows)");
        Assert.DoesNotContain(red, y => (y >= charts[0].First && y <= charts[0].Last) || (y >= charts[2].First && y <= charts[2].Last));
    }

    private static int Colour(string hex) => Convert.ToInt32(hex[1..], 16);

    /// <summary>The rows that hold at least <paramref name="least"/> pixels of exactly <paramref name="colour"/>.</summary>
    private static List<int> Rows(PngImage image, int colour, int least = 2) =>
        [.. Enumerable.Range(0, image.Height).Where(y => Enumerable.Range(0, image.Width).Count(x => image.Rgb(x, y) == colour) >= least)];

    /// <summary>Runs of rows with no gap of more than 120 rows (a steep segment of the line has few pixels of its exact colour): one per chart.</summary>
    private static List<(int First, int Last)> Bands(List<int> rows)
    {
        var bands = new List<(int First, int Last)>();
        foreach (var y in rows)
        {
            if (bands.Count > 0 && y - bands[^1].Last <= 120)
            {
                bands[^1] = (bands[^1].First, y);
            }
            else
            {
                bands.Add((y, y));
            }
        }

        return bands;
    }

    public void Dispose() => _temp.Dispose();
}
