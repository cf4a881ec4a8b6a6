using System.Text.Json.Nodes;
using PerfAssert.Baselines;
using PerfAssert.Embedding.Tests.Support;

namespace PerfAssert.Embedding.Tests;

/// <summary>
/// The packed perfassert tool accepts a candidate baseline a real sample run wrote. The run has no entry to judge against,
/// so its verdict (NoBaseline) rests on no timing, and it runs beside the other untimed classes (<see cref="UntimedLaneOne"/>).
/// </summary>
[Collection(UntimedLaneTwo.Name)]
public sealed class PackedToolTests(PackedSample sample)
{
    private static readonly TimeSpan TestTimeout = TimeSpan.FromMinutes(5);

    [Fact]
    public async Task Tool_FromPackedPackage_AcceptsTheCandidateOfADeletedEntry()
    {
        var baselines = CopyBaselinesWithout("GetOrderPerfTests", "GetOrder");
        var candidates = Path.Combine(sample.Root, "candidates");
        var committed = Fingerprint.Of(sample.SampleBaselines);

        // A CI run against the entry-less copy: the test fails with NoBaseline and writes its candidate to the candidates folder.
        var environment = PackedSample.Environment(ci: true);
        environment["PERFASSERT_BASELINES"] = baselines;
        environment["PERFASSERT_CANDIDATES"] = candidates;
        var results = Path.Combine(sample.Root, "results-candidate");
        var run = await Dotnet.RunAsync(sample.Repository, environment, TestTimeout,
            "test", "samples/Samples.sln", "-c", "Release", "--no-build", "--logger", "trx", "--results-directory", results,
            "--filter", "FullyQualifiedName=OrdersService.PerfTests.GetOrderPerfTests.GetOrder_AgainstTheReferenceBuild_StaysWithinIt");
        Assert.True(run.ExitCode != 0 && !run.TimedOut, run.Describe());
        Assert.Equal(new TrxCounters(1, 0, 1), TrxCounters.Read(results));
        // The whole output when it failed for another reason (a CI run, /tmp/ci23, once failed here and the first line did not say why).
        Assert.True(run.Output.Contains("NoBaseline", StringComparison.Ordinal), run.Describe());
        var candidate = Path.Combine(candidates, "GetOrderPerfTests.received.json");
        Assert.True(File.Exists(candidate), run.Describe());

        // accept is refused on CI by design; a developer accepts downloaded candidates locally, so this child runs without CI.
        var accept = await ChildProcess.RunAsync(await sample.ToolAsync(),
            ["accept", "--baselines", baselines, "--from", candidates], sample.Root, PackedSample.Environment(ci: false), TestTimeout, TestContext.Current.CancellationToken);
        Assert.True(accept.ExitCode == 0 && !accept.TimedOut, accept.Describe());
        Assert.Contains("Accepted 1 entry.", accept.Output, StringComparison.Ordinal);

        var accepted = new BaselineStore(baselines).Load("GetOrderPerfTests").Entries;
        Assert.True(accepted.TryGetValue("GetOrder", out var entry), accept.Describe());
        Assert.True(entry.AllocatedBytesPerOp > 0, accept.Describe());
        Assert.False(File.Exists(candidate), "accept leaves no candidate behind");
        Assert.Equal(committed, Fingerprint.Of(sample.SampleBaselines));
    }

    private string CopyBaselinesWithout(string fileName, string id)
    {
        var copy = Path.Combine(sample.Root, "baselines-copy");
        Directory.CreateDirectory(copy);
        foreach (var file in Directory.GetFiles(sample.SampleBaselines, "*.json"))
        {
            File.Copy(file, Path.Combine(copy, Path.GetFileName(file)));
        }

        var path = Path.Combine(copy, fileName + ".json");
        var json = JsonNode.Parse(File.ReadAllText(path))!;
        Assert.True(json["entries"]!.AsObject().Remove(id), $"{path} has no entry '{id}' to delete");
        File.WriteAllText(path, json.ToJsonString());
        return copy;
    }
}
