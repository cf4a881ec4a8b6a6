using System.Text.Json.Nodes;

namespace PerfAssert.Embedding.Tests;

/// <summary>
/// What the consumer sample under samples/ gets from the packed packages (not project references) when it builds. Its tests
/// run in <see cref="ReferenceBuildWorkflowTests"/>: all twelve against the sample's reference commit, then the three of
/// GET /orders/{id} against the reference build through a team's commits.
/// </summary>
public sealed class PackedSampleTests(PackedSample sample)
{
    [Fact]
    public void Sample_ReferencingThePackedAdapter_GetsItsJitSettings()
    {
        // The adapter package's build targets switch the call-counting delay off in the consumer's runtimeconfig.json and
        // leave dynamic PGO as production runs it (on).
        var path = Directory.GetFiles(Path.Combine(sample.SampleTests, "bin"), "OrdersService.PerfTests.runtimeconfig.json", SearchOption.AllDirectories).Single();
        var properties = JsonNode.Parse(File.ReadAllText(path))!["runtimeOptions"]!["configProperties"]!;

        Assert.Equal(0, properties["System.Runtime.TieredCompilation.CallCountingDelayMs"]?.GetValue<int>());
        Assert.Null(properties["System.Runtime.TieredPGO"]);
    }
}
