using System.Diagnostics;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Logging;
using PerfAssert.Load;
using PerfAssert.Load.Testing;

namespace PerfAssert.LoadVerdictQuality;

/// <summary>
/// The loaded service, on Kestrel at 127.0.0.1 in this process: <c>GET /work?us=W</c> spins W microseconds of CPU and
/// answers <c>done</c>; with <c>&amp;locked=1</c> it spins inside one process-wide lock, so under concurrency the requests queue.
/// </summary>
internal sealed class WorkService : IAsyncDisposable
{
    /// <summary>Requests in flight at once, as the sample's load budget has them.</summary>
    public const int Concurrency = 32;

    private static readonly Lock Gate = new();
    private readonly WebApplication _app;
    private readonly Uri _address;

    private WorkService(WebApplication app, Uri address) => (_app, _address) = (app, address);

    public static async Task<WorkService> StartAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        var app = builder.Build();
        app.MapGet("/work", (int us, int? locked) =>
        {
            if (locked == 1)
            {
                lock (Gate)
                {
                    Spin(us);
                }
            }
            else
            {
                Spin(us);
            }

            return "done";
        });
        await app.StartAsync();
        return new WorkService(app, new Uri(app.Urls.Single().TrimEnd('/') + "/"));
    }

    /// <summary>A plan for <c>/work</c>, named <paramref name="name"/>: every answer must be exactly <c>done</c>.</summary>
    public LoadPlan Plan(string name, int microseconds, bool locked) => new()
    {
        Name = name,
        Target = new Uri(_address, $"work?us={microseconds}{(locked ? "&locked=1" : string.Empty)}"),
        Concurrency = Concurrency,
        Duration = TimeSpan.FromSeconds(1),
        WarmupRequests = 5_000,
        Expect = new LoadExpectation { Body = "done"u8.ToArray() },
    };

    /// <summary>
    /// This process's CPU time per request of <c>/work?us=W</c> under load: over a load test of that plan alone (its probe,
    /// warm-up requests and five rounds), divided by the requests it sent. The load worker is a process of its own, so what
    /// this process spends is the service's work (and a little of the test's own bookkeeping).
    /// </summary>
    public async Task<TimeSpan> CpuPerRequestAsync(int microseconds)
    {
        var plan = Plan("calibration", microseconds, locked: false);
        using var self = Process.GetCurrentProcess();
        var before = self.TotalProcessorTime;
        var result = await LoadTest.Of(plan).WithOptions(o => o with { Rounds = 5, WarmupRounds = 0 }).RunAsync();
        self.Refresh();
        var requests = result.Blocks.Sum(b => b.Result.Requests) + plan.WarmupRequests + 1;
        return (self.TotalProcessorTime - before) / requests;
    }

    public async ValueTask DisposeAsync() => await _app.DisposeAsync();

    private static void Spin(int microseconds)
    {
        var until = Stopwatch.GetTimestamp() + (microseconds * Stopwatch.Frequency / 1_000_000);
        while (Stopwatch.GetTimestamp() < until)
        {
        }
    }
}
