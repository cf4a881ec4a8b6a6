using PerfAssert.Baselines;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Reporting;
using PerfAssert.Tests.Baselines;
using PerfAssert.Tests.ReferenceSuiteReport;
using PerfAssert.Tests.Support;

namespace PerfAssert.Tests.Reporting;

public sealed class ResultsReaderTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    [Fact]
    public void ParseResult_WhatTheAdapterWrites_RoundTrips()
    {
        foreach (var result in RunSamples.Results())
        {
            var json = PerfJson.Serialize(result);

            var parsed = ResultsReader.ParseResult(json, "r.json");

            Assert.Equal(json, PerfJson.Serialize(parsed));
        }
    }

    [Fact]
    public void ParseResult_ReferenceSuiteResults_SaysTheSuiteRendersThem()
    {
        var error = Assert.Throws<InvalidDataException>(() => ResultsReader.ParseResult(ReferenceSamples.Report().ToJson(), "/a/results.json"));

        Assert.StartsWith("/a/results.json is the PerfAssert reference suite's results.json, not a test's result", error.Message, StringComparison.Ordinal);
        Assert.Contains("--render", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadDirectory_ReferenceSuiteFolder_NamesItsResultsJsonNotTheFilesBesideIt()
    {
        await ReportWriter.WriteAsync(ReferenceSamples.Report(), _temp.Path, TestContext.Current.CancellationToken);

        var error = Assert.Throws<InvalidDataException>(() => ResultsReader.ReadDirectory(_temp.Path));

        Assert.StartsWith($"{Path.Combine(_temp.Path, "results.json")} is the PerfAssert reference suite's results.json", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("{ \"name\": \"x\", ")]
    [InlineData("")]
    public void ParseResult_InvalidJson_NamesTheFile(string json)
    {
        var error = Assert.Throws<InvalidDataException>(() => ResultsReader.ParseResult(json, "/r/broken.json"));

        Assert.StartsWith("/r/broken.json is not valid JSON", error.Message, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData("[]")]
    [InlineData("null")]
    [InlineData("{}")]
    [InlineData("{ \"name\": \"x\", \"verdicts\": [] }")]
    public void ParseResult_WrongShape_NamesTheFileAndWhatItShouldBe(string json)
    {
        var error = Assert.Throws<InvalidDataException>(() => ResultsReader.ParseResult(json, "/r/odd.json"));

        Assert.StartsWith("/r/odd.json is not a PerfAssert result file", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ParseResult_BaselineFile_IsTheWrongShape()
    {
        var error = Assert.Throws<InvalidDataException>(() => ResultsReader.ParseResult(BaselineJson.Serialize(BaselineJsonTests.Sample()), "/r/Api.json"));

        Assert.Contains("missing required properties", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ParseResult_NullVerdictOrUnknownOutcome_IsRejected()
    {
        var json = PerfJson.Serialize(RunSamples.Results()[0]);
        var nullVerdict = json.Replace("\"verdicts\": [", "\"verdicts\": [ null,", StringComparison.Ordinal);
        var unknownOutcome = json.Replace("\"outcome\": \"Pass\"", "\"outcome\": \"Fine\"", StringComparison.Ordinal);

        Assert.Contains("null result or verdict", Assert.Throws<InvalidDataException>(() => ResultsReader.ParseResult(nullVerdict, "n.json")).Message, StringComparison.Ordinal);
        Assert.StartsWith("u.json is not a PerfAssert result file", Assert.Throws<InvalidDataException>(() => ResultsReader.ParseResult(unknownOutcome, "u.json")).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadDirectory_ResultFiles_ReadsEachInFileNameOrder()
    {
        var results = RunSamples.Results();
        for (var i = 0; i < results.Count; i++)
        {
            File.WriteAllText(Path.Combine(_temp.Path, $"{(char)('z' - i)}.json"), PerfJson.Serialize(results[i]));
        }

        File.WriteAllText(Path.Combine(_temp.Path, "notes.txt"), "not a result");

        var read = ResultsReader.ReadDirectory(_temp.Path);

        Assert.Equal(Enumerable.Reverse(results).Select(r => r.Name), read.Select(r => r.Name));
    }

    [Fact]
    public void ReadDirectory_Empty_SaysThereAreNoResults()
    {
        var error = Assert.Throws<InvalidDataException>(() => ResultsReader.ReadDirectory(_temp.Path));

        Assert.StartsWith($"No results in {_temp.Path}", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void ReadDirectory_Missing_NamesTheFolder()
    {
        var missing = Path.Combine(_temp.Path, "nope");

        var error = Assert.Throws<DirectoryNotFoundException>(() => ResultsReader.ReadDirectory(missing));

        Assert.Contains(missing, error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();
}
