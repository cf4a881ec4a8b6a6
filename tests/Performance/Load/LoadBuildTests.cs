using PerfAssert.Load;
using PerfAssert.Load.Testing;
using PerfAssert.Performance.Reference;
using PerfAssert.Targets.Reference;

namespace PerfAssert.Performance.Load;

[Collection(TargetsBuildsCollection.Name)]
public sealed class LoadBuildTests(TargetsBuilds builds)
{
    [Fact]
    public async Task GetTime_AgainstTheReferenceBuild_Experiment()
    {
        var time = ThroughputCases.All.Single(c => c.Name == ThroughputCases.CaseName("GET time", ThroughputCases.MinimalApis));
        var plan = new LoadPlan
        {
            Name = "GET time (minimal APIs)",
            Target = new Uri("http://service/" + time.Path),
            Concurrency = 32,
            Duration = TimeSpan.FromSeconds(1),
            WarmupRequests = 5_000,
            Expect = time.Expect,
        };
        var pairs = int.Parse(Environment.GetEnvironmentVariable("PAIRS") ?? "6");
        var rounds = int.Parse(Environment.GetEnvironmentVariable("ROUNDS") ?? "36");
        var result = await LoadTest.Of(plan).AgainstReferenceBuild(builds.Builds).RequestsPerSecondAtLeast(0.9).P99AtMost(1.5)
            .WithOptions(o => o with { BuildPairs = pairs, Rounds = rounds })
            .RunAsync(TestContext.Current.CancellationToken);
        TestContext.Current.TestOutputHelper?.WriteLine(result.Text);
        foreach (var b in result.Blocks)
        {
            TestContext.Current.TestOutputHelper?.WriteLine($"DBG {b.Pair} {b.Round} {(b.Side == plan.Name ? "A" : "B")} {b.RequestsPerSecond:0} {b.Result.P99Us:0}");
        }
    }
}
