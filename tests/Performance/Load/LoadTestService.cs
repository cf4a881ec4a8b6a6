using System.Diagnostics;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Logging;
using PerfAssert.Load;

namespace PerfAssert.Performance.Load;

/// <summary>
/// A small service on real Kestrel at 127.0.0.1 for the load tests: the same answer from two paths (an A/A pair), and the
/// faults a load budget must catch: CPU work added to every request, a lock every request takes, a wrong answer.
/// </summary>
public sealed class LoadTestService : IAsyncLifetime
{
    private static readonly Lock Gate = new();
    private WebApplication? _app;

    /// <summary>The service's address, for example <c>http://127.0.0.1:41234/</c>.</summary>
    public Uri Address { get; private set; } = null!;

    /// <summary>A plan for one of the service's paths, at concurrency 16 with a short warm-up.</summary>
    public LoadPlan Plan(string name, string pathAndQuery, int concurrency = 16) => new()
    {
        Name = name,
        Target = new Uri(Address, pathAndQuery),
        Concurrency = concurrency,
        Duration = TimeSpan.FromSeconds(1),
        WarmupRequests = 2_000,
        Expect = new LoadExpectation { Body = "hello"u8.ToArray() },
    };

    public async ValueTask InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        var app = builder.Build();
        app.MapGet("/hello", () => "hello");
        app.MapGet("/hello-again", () => "hello");
        app.MapGet("/spin", (int us) =>
        {
            Spin(us);
            return "hello";
        });
        app.MapGet("/locked", (int us) =>
        {
            lock (Gate)
            {
                Spin(us);
            }

            return "hello";
        });
        app.MapGet("/wrong", () => "goodbye");
        await app.StartAsync(TestContext.Current.CancellationToken);
        _app = app;
        Address = new Uri(app.Urls.Single().TrimEnd('/') + "/");
    }

    public async ValueTask DisposeAsync()
    {
        if (_app is not null)
        {
            await _app.DisposeAsync();
        }
    }

    private static void Spin(int microseconds)
    {
        var until = Stopwatch.GetTimestamp() + (microseconds * Stopwatch.Frequency / 1_000_000);
        while (Stopwatch.GetTimestamp() < until)
        {
        }
    }
}
