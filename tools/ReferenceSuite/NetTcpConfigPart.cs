using System.Collections.Concurrent;
using System.Globalization;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Statistics;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The NetTcp configuration experiment (reference experiment 5): 100 concurrent clients, each its own WCF client and so its
/// own connection, calling EchoSmall with 10 items against NetTcp with transport security (the default binding), NetTcp
/// without it (tuned) and BasicHttp. Every answer is checked; only correct ones count. The three take turns in blocks of
/// a second, round after round (the order reversed every other round), so each round gives one observation of each
/// configuration's rate over BasicHttp's, and the report prints that ratio with a 95% t-interval over the rounds.
/// </summary>
internal static class NetTcpConfigPart
{
    private const int Clients = NetTcpConfigCases.Clients;

    /// <summary>How long each block loads one configuration.</summary>
    private static readonly TimeSpan Block = TimeSpan.FromSeconds(1);

    /// <summary>Loads each configuration for <paramref name="rounds"/> blocks; the rows, and each configuration's rate over BasicHttp's.</summary>
    public static async Task<(List<ThroughputRow> Rows, Dictionary<string, Interval> OverBasicHttp)> RunAsync(TargetEndpoints endpoints, int rounds, TextWriter progress)
    {
        var items = PayloadGenerator.Small(10);
        var configurations = NetTcpConfigCases.Configurations;
        var pools = configurations.ToDictionary(id => id, id => new ConcurrentQueue<IWcfClient>(Enumerable.Range(0, Clients).Select(_ => WcfStacks.Clients.Single(c => c.Id == id).Create(endpoints))), StringComparer.Ordinal);
        try
        {
            Func<CancellationToken, Task<string?>> Call(string id) => async cancellationToken =>
            {
                if (!pools[id].TryDequeue(out var client))
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
                    pools[id].Enqueue(client);
                }
            };

            foreach (var id in configurations)
            {
                // The warm-up opens every client's connection (and TLS session) before the measured run, one client after
                // another: 100 TLS upgrades opened all at once took 21.8 s here, one at a time 1.8 s (2026-11-26; the
                // concurrent opens look starved of thread-pool threads, which we have not proven).
                foreach (var client in pools[id])
                {
                    using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(30));
                    var echoed = await client.EchoSmallAsync(items, timeout.Token);
                    if (PayloadComparer.FirstDifference(items, echoed, PayloadComparer.Small) is { } wrong)
                    {
                        throw new InvalidOperationException($"{id} answered the warm-up call wrongly: {wrong}");
                    }
                }

                await ThroughputRunner.RunAsync(id, Call(id), Clients * 20, Clients, TimeSpan.FromMinutes(1));
            }

            var blocks = configurations.ToDictionary(id => id, _ => new List<ThroughputMeasurement>(), StringComparer.Ordinal);
            for (var round = 0; round < rounds; round++)
            {
                foreach (var id in round % 2 == 0 ? configurations : configurations.Reverse())
                {
                    blocks[id].Add(await ThroughputRunner.RunForAsync(id, Call(id), Block, Clients));
                }
            }

            var rows = new List<ThroughputRow>();
            var overBasicHttp = new Dictionary<string, Interval>(StringComparer.Ordinal);
            foreach (var id in configurations)
            {
                var runs = blocks[id];
                var (requests, errors) = (runs.Sum(r => r.Requests), runs.Sum(r => r.Errors));
                var rate = (requests - errors) / runs.Sum(r => r.Elapsed.TotalSeconds);
                rows.Add(new ThroughputRow(NetTcpConfigCases.CaseName(id, Block * rounds), requests, errors, rate, Median(runs, r => r.P50Us), Median(runs, r => r.P95Us), Median(runs, r => r.P99Us)));
                var logRatios = runs.Zip(blocks[NetTcpConfigCases.BasicHttp], (r, b) => Math.Log(r.RequestsPerSecond / b.RequestsPerSecond)).ToList();
                if (id != NetTcpConfigCases.BasicHttp && logRatios.Count >= 2)
                {
                    overBasicHttp[id] = PairInterval.Estimate([.. logRatios.Select(r => (IReadOnlyList<double>)[r])], priorSpread: 0, priorWeight: 0, DriverRun.ConfidenceLevel).LogRatio.Map(Math.Exp);
                }

                var firstError = runs.Select(r => r.FirstError).FirstOrDefault(e => e is not null);
                await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
                    $"[nettcp config] {id}: {rate:#,0} req/s over {rounds} blocks{(overBasicHttp.TryGetValue(id, out var ratio) ? ", over BasicHttp " + DriverComparison.Ratio(ratio) : string.Empty)}, P50/P95/P99 {rows[^1].P50Us:0}/{rows[^1].P95Us:0}/{rows[^1].P99Us:0} us, {errors} errors of {requests}{(firstError is null ? string.Empty : " (first: " + firstError + ")")}"));
            }

            return (rows, overBasicHttp);
        }
        finally
        {
            foreach (var client in pools.Values.SelectMany(p => p))
            {
                await client.DisposeAsync();
            }
        }
    }

    private static double Median(List<ThroughputMeasurement> runs, Func<ThroughputMeasurement, double> value) => Quantiles.OfSorted([.. runs.Select(value).Order()], 0.5);
}
