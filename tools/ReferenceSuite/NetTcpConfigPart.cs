using System.Collections.Concurrent;
using System.Globalization;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The NetTcp configuration experiment (reference experiment 5): 100 concurrent clients, each its own WCF client and so its
/// own connection, calling EchoSmall with 10 items against NetTcp with transport security (the default binding), NetTcp
/// without it (tuned) and BasicHttp, each for a fixed time as the experiment ran them. Every answer is checked; only correct
/// ones count.
/// </summary>
internal static class NetTcpConfigPart
{
    private const int Clients = NetTcpConfigCases.Clients;

    public static async Task<List<ThroughputRow>> RunAsync(TargetEndpoints endpoints, TimeSpan duration, TextWriter progress)
    {
        var items = PayloadGenerator.Small(10);
        var rows = new List<ThroughputRow>();
        foreach (var id in NetTcpConfigCases.Configurations)
        {
            var create = WcfStacks.Clients.Single(c => c.Id == id).Create;
            var pool = new ConcurrentQueue<IWcfClient>(Enumerable.Range(0, Clients).Select(_ => create(endpoints)));
            try
            {
                async Task<string?> CallAsync(CancellationToken cancellationToken)
                {
                    if (!pool.TryDequeue(out var client))
                    {
                        return "no free client (more workers than clients)";
                    }

                    try
                    {
                        var echoed = await client.EchoSmallAsync(items, cancellationToken).ConfigureAwait(false);
                        return PayloadComparer.FirstDifference(items, echoed, PayloadComparer.Small);
                    }
                    finally
                    {
                        pool.Enqueue(client);
                    }
                }

                var name = NetTcpConfigCases.CaseName(id, duration);
                // The warm-up opens every client's connection (and TLS session) before the measured run, one client after
                // another: 100 TLS upgrades opened all at once took 21.8 s here, one at a time 1.8 s (2026-11-26; the
                // concurrent opens look starved of thread-pool threads, which we have not proven).
                foreach (var client in pool)
                {
                    using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
                    var echoed = await client.EchoSmallAsync(items, timeout.Token);
                    if (PayloadComparer.FirstDifference(items, echoed, PayloadComparer.Small) is { } wrong)
                    {
                        throw new InvalidOperationException($"{id} answered the warm-up call wrongly: {wrong}");
                    }
                }

                await ThroughputRunner.RunAsync(name, CallAsync, Clients * 20, Clients, TimeSpan.FromMinutes(1));
                var run = await ThroughputRunner.RunForAsync(name, CallAsync, duration, Clients);
                rows.Add(new ThroughputRow(name, run.Requests, run.Errors, run.RequestsPerSecond, run.P50Us, run.P95Us, run.P99Us));
                await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                    $"[nettcp config] {id}: {run.RequestsPerSecond:#,0} req/s, P50/P95/P99 {run.P50Us:0}/{run.P95Us:0}/{run.P99Us:0} us, {run.Errors} errors of {run.Requests}{(run.FirstError is null ? string.Empty : " (first: " + run.FirstError + ")")}"));
            }
            finally
            {
                foreach (var client in pool)
                {
                    await client.DisposeAsync();
                }
            }
        }

        return rows;
    }
}
