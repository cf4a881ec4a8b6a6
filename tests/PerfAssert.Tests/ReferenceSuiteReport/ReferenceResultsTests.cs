using PerfAssert.ReferenceSuite.Report;

namespace PerfAssert.Tests.ReferenceSuiteReport;

public sealed class ReferenceResultsTests
{
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
}
