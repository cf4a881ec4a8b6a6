using System.Globalization;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Reference;

namespace PerfAssert.Functional.Reference;

/// <summary>
/// The REST throughput experiment's load, checked: 15,000 requests at concurrency 100 per case (150 on each connection),
/// sent from the load worker process. Every answer is checked and only correct ones count; a single error fails the test
/// (the reference's chunked PUT timed 6,000 non-2xx answers as throughput). The main job loads each case through the same
/// load worker and reports every error with the rate; here 15,000 a case keep the check short (the nine cases loaded both
/// cores for about 25 s). No budget rests on the rate here (the main job reports it beside wrk's; the load budgets' own
/// tests, LoadTestTests in tests/Performance and the sample's, show them biting), so these run with the functional tests
/// rather than alone on the machine.
/// </summary>
public sealed class ThroughputLoadTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>
{
    private const int Requests = 15_000;

    public static TheoryData<string> Cases => [.. ThroughputCases.All.Select(c => c.Name)];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Load_AtConcurrency100_AnswersEveryRequestCorrectly(string name)
    {
        var plan = ThroughputCases.All.Single(c => c.Name == name).Plan(targets.Endpoints, Requests, TimeSpan.FromMinutes(3));

        var run = await ThroughputRunner.RunAsync(plan, targets.Endpoints, TestContext.Current.CancellationToken);

        TestContext.Current.TestOutputHelper?.WriteLine(string.Create(CultureInfo.InvariantCulture,
            $"{name}: {run.Requests} requests, {run.RequestsPerSecond:#,0} req/s ({run.Generator}, CPU {run.GeneratorCpuPerRequestUs:0.0} us/req), P50/P95/P99 {run.P50Us:0}/{run.P95Us:0}/{run.P99Us:0} us, {run.Errors} errors"));
        Assert.Equal(Requests, run.Requests);
        Assert.True(run.Errors == 0, $"{run.Errors} of {run.Requests} answers were wrong or failed; first: {run.FirstError}");
    }
}
