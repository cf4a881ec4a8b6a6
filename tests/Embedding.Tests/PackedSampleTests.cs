using System.Globalization;
using System.Text.Json.Nodes;
using PerfAssert.Embedding.Tests.Support;

namespace PerfAssert.Embedding.Tests;

/// <summary>
/// What a user of the packages gets: the consumer sample under samples/ builds and passes against the packed packages
/// (not project references). Its latency budgets rest on timings, so it runs alone. Its three tests of GET /orders/{id}
/// against the reference build (latency, load, and load with a lock in the working tree) run in
/// <see cref="ReferenceBuildWorkflowTests"/> (a team's repository made from this sample, on the same packages: an
/// unchanged commit passes, a slower one fails, the packed tool accepts its allowance, which then passes), so this run
/// leaves them to that class: they would be verdicts of the same kind again, about 30 s.
/// </summary>
[Collection(MeasuresAloneCollection.Name)]
public sealed class PackedSampleTests(PackedSample sample)
{
    // Three budgets on each of two endpoints, two load budgets (against v1, against the reference build), and four tests
    // that show budgets bite (an allocation; a lock and extra CPU work under load; a lock against the reference build);
    // three of the twelve run elsewhere.
    private const int SampleTests = 9;

    private static readonly string[] JudgedByTheWorkflow =
    [
        "OrdersService.PerfTests.GetOrderPerfTests.GetOrder_AgainstTheReferenceBuild_StaysWithinIt",
        "OrdersService.PerfTests.GetOrderPerfTests.GetOrder_UnderLoad_ServesAtLeastNinetyPercentOfTheReferenceBuild",
        "OrdersService.PerfTests.GetOrderPerfTests.GetOrder_LockHeldOnEveryRequestInTheWorkingTree_FailsItsLoadBudgetAgainstTheReferenceBuild",
    ];

    private static readonly TimeSpan TestTimeout = TimeSpan.FromMinutes(5);

    [Fact]
    public async Task Sample_AgainstPackedPackages_PassesItsTests()
    {
        var committed = Fingerprint.Of(sample.SampleBaselines);
        var results = Path.Combine(sample.Root, "results-all");
        // Its two tests against the reference build find it built, by the packed tool while the untimed classes ran, as CI
        // builds it before testing (docs/ci.md).
        Assert.Contains($"{TeamRepository.Service} at ", await sample.SampleReferenceBuildAsync(), StringComparison.Ordinal);

        // The sample's two load Regressions of a plan against a healthy one (FaultInjectionTests) are not diagnosed here
        // (PERFASSERT_DIAGNOSE=never, as a CI job can set it), about 9 s each: a comparison of two plans is diagnosed in
        // PerfAssert.Hosting.Tests (PlanDiagnosisTests), and under load against the reference build by ReferenceBuildWorkflowTests.
        var environment = PackedSample.Environment(ci: true);
        environment["PERFASSERT_DIAGNOSE"] = "never";
        var run = await Dotnet.RunAsync(sample.Repository, environment, TestTimeout,
            "test", "samples/Samples.sln", "-c", "Release", "--no-build", "--filter", string.Join('&', JudgedByTheWorkflow.Select(t => $"FullyQualifiedName!={t}")), "--logger", "trx", "--results-directory", results);

        Assert.True(run.ExitCode == 0 && !run.TimedOut, run.Describe());
        TestContext.Current.TestOutputHelper?.WriteLine(string.Create(CultureInfo.InvariantCulture, $"{sample.Preparation}; the sample's tests ran in {run.Elapsed.TotalSeconds:0.0} s"));
        Assert.Equal(new TrxCounters(SampleTests, SampleTests, 0), TrxCounters.Read(results));
        Assert.Contains($"\"PerfAssert.Xunit/{sample.Version}\"", await File.ReadAllTextAsync(AssetsFile(), TestContext.Current.CancellationToken), StringComparison.Ordinal);
        Assert.Equal(committed, Fingerprint.Of(sample.SampleBaselines));
        // The load worker came from its package without a runtime configuration of its own: its load tests above ran it with
        // the one it writes.
        var output = Path.Combine(sample.Repository, "samples", "OrdersService.PerfTests", "bin", "Release", "net10.0");
        Assert.True(File.Exists(Path.Combine(output, "PerfAssert.Load.dll")), $"no PerfAssert.Load.dll in {output}");
        Assert.False(File.Exists(Path.Combine(output, "PerfAssert.Load.runtimeconfig.json")), $"PerfAssert.Load.runtimeconfig.json is in {output}");
    }

    [Fact]
    public void Sample_ReferencingThePackedAdapter_GetsItsJitSettings()
    {
        // The adapter package's build targets switch the call-counting delay off in the consumer's runtimeconfig.json and
        // leave dynamic PGO as production runs it (on).
        var path = Directory.GetFiles(Path.Combine(sample.Repository, "samples", "OrdersService.PerfTests", "bin"), "OrdersService.PerfTests.runtimeconfig.json", SearchOption.AllDirectories).Single();
        var properties = JsonNode.Parse(File.ReadAllText(path))!["runtimeOptions"]!["configProperties"]!;

        Assert.Equal(0, properties["System.Runtime.TieredCompilation.CallCountingDelayMs"]?.GetValue<int>());
        Assert.Null(properties["System.Runtime.TieredPGO"]);
    }

    private string AssetsFile() => Path.Combine(sample.Repository, "samples", "OrdersService.PerfTests", "obj", "project.assets.json");

}
