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

        Assert.Equal(Path.Combine(folder, "orders_get.json"), path);
        Assert.Equal(PerfJson.Serialize(result), await File.ReadAllTextAsync(path, TestContext.Current.CancellationToken));
        Assert.Equal(path, Assert.Single(Directory.GetFiles(folder)));
    }

    [Theory]
    [InlineData("")]
    [InlineData("  ")]
    public async Task WriteAsync_BlankDirectory_Throws(string directory)
    {
        await Assert.ThrowsAsync<ArgumentException>(() => ResultFiles.WriteAsync(ReportSamples.Result("a", 1, null, []), directory, TestContext.Current.CancellationToken));
    }
}
