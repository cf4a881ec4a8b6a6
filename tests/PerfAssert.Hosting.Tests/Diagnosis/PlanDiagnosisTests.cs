using System.Diagnostics;
using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using PerfAssert.Diagnosis;
using PerfAssert.Load;
using PerfAssert.Load.Testing;
using PerfAssert.Statistics;

namespace PerfAssert.Hosting.Tests.Diagnosis;

/// <summary>
/// A load test's comparison of two plans in the same run (<c>ComparedTo</c>), diagnosed: two services in this process, one
/// of which holds a process-wide lock for 200 us on every request. The process serving each plan (this one, found by the
/// port its plan names) is recorded while that plan alone is loaded, and the threads waiting for the lock, in the method
/// that takes it, are the top row of the waiting threads. The diagnosis is asked for whatever the verdict
/// (<see cref="DiagnosisMode.Always"/>): this project's classes run side by side, and on a busy machine a few rounds may
/// leave the verdict Inconclusive (that a load budget bites is the sample's <c>FaultInjectionTests</c>).
/// </summary>
public sealed partial class PlanDiagnosisTests
{
    private static readonly Lock Gate = new();

    [Fact]
    public async Task Diagnosis_OfAPlanWhoseServiceHoldsALock_HasTheLocksWaitOnTopOfTheWaitingThreads()
    {
        using var deadline = Bounded.Within(120);
        await using var locked = await StartAsync(Locked, deadline.Token);
        await using var free = await StartAsync(() => "ok", deadline.Token);

        var result = await LoadTest.Of(Plan("GET /locked", locked))
            .ComparedTo(Plan("GET /free", free))
            .RequestsPerSecondAtLeast(0.90)
            .WithOptions(o => o with { Rounds = 3, WarmupRounds = 2, BlockDuration = TimeSpan.FromMilliseconds(100), Diagnosis = DiagnosisMode.Always, DiagnosisTime = TimeSpan.FromMilliseconds(300) })
            .RunAsync(deadline.Token);
        TestContext.Current.TestOutputHelper?.WriteLine(result.Text);

        // The lock cost the locked plan more than a tenth of its requests per second, median block against median block: a
        // block that a busy machine starved of every answer leaves the verdict Invalid (no ratio of a 0, as in a CI run of
        // 2026-11-30 whose other classes were building), but not the medians.
        Assert.True(MedianRequestsPerSecond(result, "GET /locked") < 0.90 * MedianRequestsPerSecond(result, "GET /free"), result.Text);
        var diagnosis = result.Diagnosis ?? string.Empty;
        Assert.Contains("in the process serving each plan, 3 rounds of 0.3 s a side under load", diagnosis, StringComparison.Ordinal);
        var top = TopWaitingRow().Match(diagnosis);
        Assert.True(top.Success, diagnosis);
        Assert.StartsWith("System.Threading.Lock.", top.Groups["method"].Value, StringComparison.Ordinal);
        Assert.EndsWith(" from PerfAssert.Hosting.Tests.Diagnosis.PlanDiagnosisTests.Locked()", top.Groups["method"].Value, StringComparison.Ordinal);
        var folder = Files().Match(diagnosis).Groups["folder"].Value;
        Assert.True(Directory.Exists(folder), diagnosis);
        Assert.Equal(
            ["diagnosis.speedscope.json", "diff.folded", "partner-1.nettrace", "partner-2.nettrace", "partner-3.nettrace", "subject-1.nettrace", "subject-2.nettrace", "subject-3.nettrace"],
            Directory.GetFiles(folder).Select(Path.GetFileName).Order(StringComparer.Ordinal));
        Directory.Delete(folder, recursive: true);
    }

    /// <summary>Every request holds the one lock for 200 us of busy work: at eight requests in flight, most wait for it.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static string Locked()
    {
        lock (Gate)
        {
            var until = Stopwatch.GetTimestamp() + (Stopwatch.Frequency / 5_000);
            while (Stopwatch.GetTimestamp() < until)
            {
            }
        }

        return "ok";
    }

    /// <summary>The median requests per second of <paramref name="plan"/>'s measured blocks (warm-up rounds are numbered below 0), as the result's text gives it.</summary>
    private static double MedianRequestsPerSecond(LoadTestResult result, string plan)
    {
        var blocks = result.Blocks.Where(b => b.Side == plan && b.Round >= 0).Select(b => b.RequestsPerSecond).Order().ToArray();
        Assert.NotEmpty(blocks);
        return Quantiles.OfSorted(blocks, 0.5);
    }

    private static LoadPlan Plan(string name, WebApplication app) => new()
    {
        Name = name,
        Target = new Uri(new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.Single()), "/"),
        Expect = new LoadExpectation { Body = "ok"u8.ToArray() },
        Concurrency = 8,
        Duration = TimeSpan.FromMilliseconds(100),
    };

    private static async Task<WebApplication> StartAsync(Func<string> handler, CancellationToken cancellationToken)
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        var app = builder.Build();
        app.MapGet("/", handler);
        await app.StartAsync(cancellationToken);
        return app;
    }

    [GeneratedRegex(@"threads waiting, by where they wait \(on average over each recording; a wait is named with its caller\), GET /free -> GET /locked:\s+(?:\* )?[\d.]+ -> [\d.]+ \(\+[\d.]+\)(?: \(new\))?  (?<method>[^\r\n]+)")]
    private static partial Regex TopWaitingRow();

    [GeneratedRegex(@"files: (?<folder>.+?) \(diagnosis")]
    private static partial Regex Files();
}
