using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Tests.Support;

namespace PerfAssert.Tests.ReferenceSuiteReport;

public sealed class ReferenceResultsTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    [Fact]
    public void Parse_WhatTheSuiteWrites_RendersTheSameReport()
    {
        var report = ReferenceSamples.Report();

        var parsed = ReferenceResults.Parse(report.ToJson(), "results.json");

        Assert.Equal(MarkdownReport.Render(report), MarkdownReport.Render(parsed));
        Assert.Equal(HtmlReport.Render(report), HtmlReport.Render(parsed));
    }

    [Fact]
    public void Parse_ResultOfWrongShape_NamesTheFile()
    {
        var json = """{ "title": "t", "results": [ { "name": "x" } ] }""";

        var error = Assert.Throws<InvalidDataException>(() => ReferenceResults.Parse(json, "/a/results.json"));

        Assert.StartsWith("/a/results.json is not a reference suite results.json", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Read_TheSuitesFolderOrItsResultsJson_ReadsTheSameReport()
    {
        var report = ReferenceSamples.Report();
        await ReportWriter.WriteAsync(report, _temp.Path, TestContext.Current.CancellationToken);

        var fromFolder = ReferenceResults.Read(_temp.Path);
        var fromFile = ReferenceResults.Read(Path.Combine(_temp.Path, "results.json"));

        Assert.Equal(MarkdownReport.Render(report), MarkdownReport.Render(fromFolder));
        Assert.Equal(MarkdownReport.Render(report), MarkdownReport.Render(fromFile));
        Assert.Equal(Path.Combine(_temp.Path, "results.json"), ReferenceResults.FileOf(_temp.Path));
    }

    [Fact]
    public void Read_FolderWithoutResultsJson_NamesTheFileItLookedFor()
    {
        var error = Assert.Throws<FileNotFoundException>(() => ReferenceResults.Read(_temp.Path));

        Assert.StartsWith($"No reference suite results at {Path.Combine(_temp.Path, "results.json")}", error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();
}
