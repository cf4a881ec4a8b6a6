using PerfAssert.Reporting;
using PerfAssert.Tests.Support;

namespace PerfAssert.Tests.Reporting;

public sealed class ResultFilesTests
{
    [Fact]
    public async Task WriteAsync_NameWithPathSeparator_WritesOneJsonFileWithASafeName()
    {
        using var temp = new TempDirectory();
        var folder = Path.Combine(temp.Path, "results");
        var result = ReportSamples.Result("orders/get", 100, 512, []);

        var path = await ResultFiles.WriteAsync(result, folder, TestContext.Current.CancellationToken);

        Assert.StartsWith(Path.Combine(folder, "orders_get-"), path, StringComparison.Ordinal);
        Assert.EndsWith(".json", path, StringComparison.Ordinal);
        Assert.Equal(PerfJson.Serialize(result), await File.ReadAllTextAsync(path, TestContext.Current.CancellationToken));
        Assert.Equal(path, Assert.Single(Directory.GetFiles(folder)));
    }

    [Fact]
    public async Task WriteAsync_ThreeTestsMeasuringTheSameOperation_WriteThreeFiles()
    {
        // A relative budget, an allocation budget and a baseline on "GET /price-b" used to leave one file between them.
        using var temp = new TempDirectory();
        var result = ReportSamples.Result("GET /price-b", 100, 512, []);
        string[] tests = ["PriceTests.PriceB_WithinPriceA", "PriceTests.PriceB_Allocations", "PriceTests.PriceB_AgainstBaseline"];

        var paths = new List<string>();
        foreach (var test in tests)
        {
            paths.Add(await ResultFiles.WriteAsync(result with { Test = test }, temp.Path, TestContext.Current.CancellationToken));
        }

        Assert.Equal(3, paths.Distinct(StringComparer.Ordinal).Count());
        Assert.Equal(3, Directory.GetFiles(temp.Path).Length);
        Assert.Equal(tests.Order(StringComparer.Ordinal), ResultsReader.ReadDirectory(temp.Path).Select(r => r.Test));
        Assert.StartsWith("PriceTests.PriceB_Allocations - GET _price-b-", Path.GetFileName(paths[1]), StringComparison.Ordinal);
    }

    [Fact]
    public void FileName_KeysThatSanitizeOrShortenAlike_StayApart()
    {
        var result = ReportSamples.Result("a", 1, null, []);
        var longTest = new string('t', 300);

        Assert.Equal("Tests.A - a.json", ResultFiles.FileName(result with { Test = "Tests.A" }));
        Assert.NotEqual(ResultFiles.FileName(result with { Name = "GET /a" }), ResultFiles.FileName(result with { Name = "GET _a" }));
        Assert.NotEqual(ResultFiles.FileName(result with { Test = longTest + "1" }), ResultFiles.FileName(result with { Test = longTest + "2" }));
        Assert.InRange(ResultFiles.FileName(result with { Test = longTest }).Length, 100, 120);
    }

    [Theory]
    [InlineData("")]
    [InlineData("  ")]
    public async Task WriteAsync_BlankDirectory_Throws(string directory)
    {
        await Assert.ThrowsAsync<ArgumentException>(() => ResultFiles.WriteAsync(ReportSamples.Result("a", 1, null, []), directory, TestContext.Current.CancellationToken));
    }
}
