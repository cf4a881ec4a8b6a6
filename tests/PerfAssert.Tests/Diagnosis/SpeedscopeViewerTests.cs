using System.Text.Json;
using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using Json.Schema;
using PerfAssert.Diagnosis;
using PerfAssert.Tests.Support;

namespace PerfAssert.Tests.Diagnosis;

/// <summary>
/// The diagnosis's speedscope file as speedscope itself takes it: valid against the JSON schema its package ships for its
/// file format, and opened by its web app in headless Chromium, which lists both sides' CPU and allocation profiles with
/// their totals and draws the first. A file speedscope cannot read is refused by the same checks.
/// </summary>
public sealed partial class SpeedscopeViewerTests : IDisposable
{
    private readonly DirectoryInfo _folder = Directory.CreateTempSubdirectory("perfassert-speedscope-");

    [Fact]
    public void DiagnosisFile_PassesSpeedscopesOwnSchema_AndABrokenOneDoesNot()
    {
        var schema = JsonSchema.FromText(File.ReadAllText(Path.Combine(SpeedscopeApp.Release(), "file-format-schema.json")));

        var file = JsonDocument.Parse(DiagnosisFile()).RootElement;
        var valid = schema.Evaluate(file, new EvaluationOptions { OutputFormat = OutputFormat.List });
        Assert.True(valid.IsValid, Describe(valid));

        // The check bites: a profile whose type speedscope does not know, and a sample that names a frame by name.
        var broken = JsonNode.Parse(DiagnosisFile())!;
        broken["profiles"]![0]!["type"] = "folded";
        broken["profiles"]![1]!["samples"]![0]![0] = "Orders.GetOrder";
        Assert.False(schema.Evaluate(JsonDocument.Parse(broken.ToJsonString()).RootElement, new EvaluationOptions { OutputFormat = OutputFormat.List }).IsValid);
    }

    [Fact]
    public async Task DiagnosisFile_OpenedInSpeedscope_ListsEveryProfileWithItsTotal_AndDrawsTheFirst()
    {
        var profile = Path.Combine(_folder.FullName, "diagnosis.speedscope.json");
        await File.WriteAllTextAsync(profile, DiagnosisFile(), TestContext.Current.CancellationToken);
        using var server = SpeedscopeApp.Serve(profile);

        var dom = Text(await HeadlessChromium.DomAsync(server.Page, Path.Combine(_folder.FullName, "chromium-dom"), 8_000));

        // The title is the file's name; the profile menu lists the four profiles, the first one shown, with their totals.
        Assert.Contains("GET /orders/42 - speedscope", dom, StringComparison.Ordinal);
        Assert.Contains("working tree: CPU (1/4)", dom, StringComparison.Ordinal);
        Assert.Matches(@"1 working tree: CPU 907\.50ms 2 reference build: CPU 1\.80s 3 working tree: allocations [\d.]+ [KM]B 4 reference build: allocations [\d.]+ [KM]B", dom);
        var screenshot = Path.Combine(_folder.FullName, "speedscope.png");
        await HeadlessChromium.ScreenshotUrlAsync(server.Page, Path.Combine(_folder.FullName, "chromium-shot"), screenshot, 8_000);
        // Drawn: below the toolbar and the overview, the flame chart's rows (Program.Main, Orders.GetOrder, Orders.Validate,
        // 20 px each from y = 143 at this size) are coloured frames across the page, in at least three colours.
        var image = PngImage.Read(screenshot);
        var coloured = new Dictionary<int, int>();
        for (var y = 145; y < 200; y++)
        {
            for (var x = 0; x < image.Width; x++)
            {
                var rgb = image.Rgb(x, y);
                var (r, g, b) = (rgb >> 16, (rgb >> 8) & 0xFF, rgb & 0xFF);
                if (Math.Max(r, Math.Max(g, b)) - Math.Min(r, Math.Min(g, b)) > 24)
                {
                    coloured[rgb] = coloured.GetValueOrDefault(rgb) + 1;
                }
            }
        }

        var frames = coloured.Where(c => c.Value >= 2_000).ToList();
        Assert.True(frames.Count >= 3 && frames.Sum(c => c.Value) >= image.Width * 40, $"the flame chart in {screenshot} has {coloured.Values.Sum()} coloured pixels in {coloured.Count} colours, {frames.Count} of them wide");

        // A file speedscope cannot read: it says so instead of listing profiles.
        await File.WriteAllTextAsync(profile, "{\"$schema\": \"https://www.speedscope.app/file-format-schema.json\", \"profiles\": 42}", TestContext.Current.CancellationToken);
        var refused = Text(await HeadlessChromium.DomAsync(server.Page, Path.Combine(_folder.FullName, "chromium-refused"), 8_000));
        Assert.DoesNotContain("(1/", refused, StringComparison.Ordinal);
    }

    public void Dispose()
    {
        // Chromium's crash handler may still write into a profile folder a moment after Chromium has exited.
        for (var attempt = 1; ; attempt++)
        {
            try
            {
                _folder.Delete(recursive: true);
                return;
            }
            catch (IOException) when (attempt < 10)
            {
                Thread.Sleep(100);
            }
        }
    }

    /// <summary>A diagnosis's file, as <c>BuildComparer</c> writes it: both sides' CPU, then both sides' allocations.</summary>
    private static string DiagnosisFile()
    {
        StackProfile Cpu(double milliseconds, params (string[] Frames, int Samples)[] stacks) =>
            new([.. stacks.Select(s => new SampledStack(s.Frames, s.Samples))], 10_000, TimeSpan.FromMilliseconds(milliseconds));
        (IReadOnlyList<string>, SampledAllocation)[] Allocations(int arrays) =>
            [.. Enumerable.Range(0, arrays).Select(_ => ((IReadOnlyList<string>)["Orders.Encode", "System.Byte[]"], new SampledAllocation("System.Byte[]", "Orders.Encode", 4024)))];

        return Speedscope.Write("GET /orders/42",
        [
            Speedscope.Cpu("working tree: CPU", Cpu(0.5, (["Program.Main", "Orders.GetOrder", "Orders.Validate"], 1_725), (["Program.Main", "Orders.GetOrder", "Orders.NewCheck"], 90))),
            Speedscope.Cpu("reference build: CPU", Cpu(1, (["Program.Main", "Orders.GetOrder", "Orders.Validate"], 1_500), (["Program.Main", "Orders.GetOrder"], 300))),
            Speedscope.Allocations("working tree: allocations", Allocations(12)),
            Speedscope.Allocations("reference build: allocations", Allocations(3)),
        ]);
    }

    private static string Describe(EvaluationResults results) =>
        string.Join(Environment.NewLine, (results.Details ?? []).Where(d => d.Errors is { Count: > 0 }).SelectMany(d => d.Errors!.Select(e => $"{d.InstanceLocation}: {e.Value}")));

    /// <summary>The page's text, tags and runs of white space made single spaces.</summary>
    private static string Text(string html) => Spaces().Replace(Tags().Replace(html, " "), " ");

    [GeneratedRegex("<[^>]+>")]
    private static partial Regex Tags();

    [GeneratedRegex(@"\s+")]
    private static partial Regex Spaces();
}
