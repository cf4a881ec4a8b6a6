using System.Text.Json.Nodes;
using PerfAssert.Baselines;

namespace PerfAssert.Tests.Baselines;

public sealed class BaselineJsonTests
{
    private const string Fix = "perfassert accept";

    [Fact]
    public void Parse_CorruptJson_NamesTheFileAndTheFix()
    {
        var error = Assert.Throws<BaselineException>(() => BaselineJson.Parse("{ \"schemaVersion\": 1, \"entries\": { ", "baselines/Api.json", Fix));
        Assert.Contains("baselines/Api.json is not valid JSON", error.Message, StringComparison.Ordinal);
        Assert.Contains(Fix, error.Message, StringComparison.Ordinal);
        // accept records only what a test run measured: the hint names that step before the command.
        Assert.Contains("run the tests that use it", error.Message, StringComparison.Ordinal);
        Assert.True(error.Message.IndexOf("run the tests", StringComparison.Ordinal) < error.Message.IndexOf(Fix, StringComparison.Ordinal), error.Message);
    }

    [Fact]
    public void Parse_OtherSchemaVersion_SaysWhichVersionsAndWhatToDo()
    {
        var error = Assert.Throws<BaselineException>(() => BaselineJson.Parse("{ \"schemaVersion\": 7, \"entries\": {} }", "baselines/Api.json", Fix));
        Assert.Contains("schema version 7", error.Message, StringComparison.Ordinal);
        Assert.Contains("reads version 1", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_DuplicateId_NamesTheFile()
    {
        var entry = JsonNode.Parse(BaselineJson.Serialize(Sample()))!["entries"]!["z-last"]!.ToJsonString();
        var twice = $$"""{ "schemaVersion": 1, "entries": { "echo": {{entry}}, "echo": {{entry}} } }""";

        var error = Assert.Throws<BaselineException>(() => BaselineJson.Parse(twice, "baselines/Api.json", Fix));

        Assert.Contains("baselines/Api.json has a duplicate id", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_UnknownProperty_IsNotSilentlyIgnored()
    {
        var json = BaselineJson.Serialize(Sample()).Replace("\"allocationOps\"", "\"allocatonOps\"", StringComparison.Ordinal);
        Assert.Throws<BaselineException>(() => BaselineJson.Parse(json, "baselines/Api.json", Fix));
    }

    [Fact]
    public void Serialize_SortsIdsUsesLfAndRoundTrips()
    {
        var file = Sample();
        file.Entries["a-first"] = file.Entries["z-last"];
        var json = BaselineJson.Serialize(file);

        Assert.DoesNotContain("\r", json, StringComparison.Ordinal);
        Assert.True(json.IndexOf("a-first", StringComparison.Ordinal) < json.IndexOf("z-last", StringComparison.Ordinal));
        Assert.Equal(json, BaselineJson.Serialize(BaselineJson.Parse(json, "x", Fix)));
    }

    internal static BaselineFile Sample()
    {
        var file = new BaselineFile();
        file.Entries["z-last"] = new BaselineEntry
        {
            Environment = new BaselineEnvironment("linux", "x64", 2, 10),
            AllocatedBytesPerOp = 1234.5,
            Gen0PerThousandOps = 0.5,
            Gen1PerThousandOps = 0,
            Gen2PerThousandOps = 0,
            CalibrationRatio = new BaselineRatio(2.5, 2.4, 2.6, 0.99, 64),
            AllocationOps = 1000,
        };
        return file;
    }
}
