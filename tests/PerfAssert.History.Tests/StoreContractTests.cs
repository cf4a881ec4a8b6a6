using PerfAssert.History.Tests.Support;
using PerfAssert.Tests.Support;

namespace PerfAssert.History.Tests;

/// <summary>
/// What every store does, SQLite or PostgreSQL (the two subclasses run these same tests on each): a run is recorded with
/// its place, figures, verdicts and accepted changes and read back; recording again adds nothing; writers recording at once
/// lose nothing; a foreign or truncated results file, and a store from a newer PerfAssert, write nothing and say why.
/// </summary>
public abstract class StoreContractTests : IDisposable
{
    private readonly TempDirectory _temp = new();

    protected string Temp => _temp.Path;

    /// <summary>A new, empty store's location.</summary>
    protected abstract Task<string> NewStoreAsync();

    [Fact]
    public async Task Record_NewRun_StoresItsPlaceFiguresAndVerdicts()
    {
        var store = HistoryStore.Open(await NewStoreAsync());
        var run = await HistorySamples.WriteRunAsync(Temp, 1);

        var outcome = await store.RecordAsync(run, HistorySamples.Info(1), TestContext.Current.CancellationToken);

        Assert.Equal((3, 0), (outcome.Added, outcome.AlreadyRecorded));
        var snapshot = await store.ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken);
        var stored = Assert.Single(snapshot.Runs);
        Assert.Equal(("acme/orders", "main", HistorySamples.Info(1).Commit, HistorySamples.Info(1).Parent, "linux-x64-2c-net10"), (stored.Repository, stored.Branch, stored.Commit, stored.Parent, stored.MachineClass));
        Assert.Equal(3, snapshot.Results.Count);
        var first = snapshot.Results.Single(r => snapshot.Operations[r.OperationId].Test == "OrdersTests.Get0");
        Assert.Equal(("Orders.PerfTests", "GET /orders/42"), (snapshot.Operations[first.OperationId].Assembly, snapshot.Operations[first.OperationId].Name));
        Assert.Equal((1000.0, 970.0, 1080.0, 1200.0, 480.0), (first.MeanNs!.Value, first.MedianNs!.Value, Math.Round(first.P95Ns!.Value, 6), Math.Round(first.P99Ns!.Value, 6), first.BytesPerOp!.Value));
        var verdict = Assert.Single(first.Verdicts);
        Assert.Equal(("mean latency vs reference build", 1.05, 1.0, 0.98, 1.02, 8, "Pass"), (verdict.Metric, verdict.Budget, verdict.Estimate!.Value, verdict.Lower!.Value, verdict.Upper!.Value, verdict.SampleSize, verdict.Outcome));
        Assert.Equal("OrdersTests/OrdersTests.Get0", first.Baseline);
    }

    [Fact]
    public async Task Record_SameResultsTwice_ChangesNothing()
    {
        var store = HistoryStore.Open(await NewStoreAsync());
        var run = await HistorySamples.WriteRunAsync(Temp, 1);
        var first = await store.RecordAsync(run, HistorySamples.Info(1), TestContext.Current.CancellationToken);

        // Again, and again under another run's name (a CI job replaying its artifacts): the same result files are the same results.
        var again = await store.RecordAsync(run, HistorySamples.Info(1), TestContext.Current.CancellationToken);
        var renamed = await store.RecordAsync(run, HistorySamples.Info(1) with { Key = "replayed" }, TestContext.Current.CancellationToken);

        Assert.Equal(first.RunKey, again.RunKey);
        Assert.Equal((0, 3), (again.Added, again.AlreadyRecorded));
        Assert.Equal((0, 3), (renamed.Added, renamed.AlreadyRecorded));
        var snapshot = await store.ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken);
        Assert.Equal((1, 3), (snapshot.Runs.Count, snapshot.Results.Count));
    }

    [Fact]
    public async Task Record_EightWritersAtOnce_LoseNothing()
    {
        var location = await NewStoreAsync();
        var runs = await Task.WhenAll(Enumerable.Range(1, 8).Select(i => HistorySamples.WriteRunAsync(Temp, i)));

        // Eight processes' worth of writers, each with its own store object and connections; two of them record run 1.
        await Task.WhenAll(runs.Select((run, i) => Task.Run(() => HistoryStore.Open(location).RecordAsync(run, HistorySamples.Info(i + 1), TestContext.Current.CancellationToken)))
            .Append(Task.Run(() => HistoryStore.Open(location).RecordAsync(runs[0], HistorySamples.Info(1), TestContext.Current.CancellationToken))));

        var snapshot = await HistoryStore.Open(location).ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken);
        Assert.Equal((8, 24, 3), (snapshot.Runs.Count, snapshot.Results.Count, snapshot.Operations.Count));
    }

    [Theory]
    [InlineData("truncated")]
    [InlineData("foreign")]
    public async Task Record_BadResultsFile_WritesNothingAndNamesIt(string kind)
    {
        var location = await NewStoreAsync();
        var store = HistoryStore.Open(location);
        await store.RecordAsync(await HistorySamples.WriteRunAsync(Temp, 0), HistorySamples.Info(0), TestContext.Current.CancellationToken);
        var run = await HistorySamples.WriteRunAsync(Temp, 1);
        var bad = Path.Combine(run, "zz-bad.json");
        var good = await File.ReadAllTextAsync(Directory.GetFiles(run)[0], TestContext.Current.CancellationToken);
        await File.WriteAllTextAsync(bad, kind == "truncated" ? good[..(good.Length / 2)] : """{"name":"not a result","value":3}""", TestContext.Current.CancellationToken);

        var error = await Assert.ThrowsAsync<InvalidDataException>(() => store.RecordAsync(run, HistorySamples.Info(1), TestContext.Current.CancellationToken));

        Assert.Contains(bad, error.Message, StringComparison.Ordinal);
        var snapshot = await store.ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken);
        Assert.Equal((1, 3), (snapshot.Runs.Count, snapshot.Results.Count));
    }

    [Fact]
    public async Task Record_StoreFromNewerPerfAssert_IsRefusedAndLeftAsItWas()
    {
        var location = await NewStoreAsync();
        var store = HistoryStore.Open(location);
        await store.RecordAsync(await HistorySamples.WriteRunAsync(Temp, 1), HistorySamples.Info(1), TestContext.Current.CancellationToken);
        await SetSchemaVersionAsync(location, 99);

        var second = await HistorySamples.WriteRunAsync(Temp, 2);

        var error = await Assert.ThrowsAsync<HistoryException>(() => store.RecordAsync(second, HistorySamples.Info(2), TestContext.Current.CancellationToken));

        Assert.Contains("schema version 99", error.Message, StringComparison.Ordinal);
        Assert.Contains(store.Description, error.Message, StringComparison.Ordinal);
        await SetSchemaVersionAsync(location, HistorySchema.Current);
        Assert.Single((await store.ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken)).Runs);
    }

    [Fact]
    public async Task Record_BaselineEntryChangedByTheCommit_IsNotedAsAccepted()
    {
        var store = HistoryStore.Open(await NewStoreAsync());
        var run = await HistorySamples.WriteRunAsync(Temp, 1);
        var batch = RunBatch.Read(run, HistorySamples.Info(1), [new Annotation("OrdersTests/OrdersTests.Get1", Annotation.Accepted, "accepted: 480 -> 512 B/op")], DateTimeOffset.UnixEpoch);

        var outcome = await store.RecordAsync(batch, TestContext.Current.CancellationToken);
        var again = await store.RecordAsync(batch, TestContext.Current.CancellationToken);

        Assert.Equal((1, 0), (outcome.Annotations, again.Annotations));
        var note = Assert.Single((await store.ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken)).Annotations);
        Assert.Equal((HistorySamples.Info(1).Commit, "OrdersTests/OrdersTests.Get1"), (note.Commit, note.Annotation.Subject));
    }

    [Fact]
    public async Task Open_StoreAtSchemaVersionOne_IsMigratedKeepingItsRuns()
    {
        var store = HistoryStore.Open(await NewStoreAsync());
        await using (var connection = await store.Dialect.OpenAsync(TestContext.Current.CancellationToken))
        await using (var transaction = await store.Dialect.BeginWriteAsync(connection, TestContext.Current.CancellationToken))
        {
            // A store as the first PerfAssert with a history wrote it: version 1, one run of one result.
            await HistorySchema.MigrateAsync(store.Dialect, connection, transaction, TestContext.Current.CancellationToken, target: 1);
            foreach (var sql in new[]
            {
                "INSERT INTO runs (run_key, recorded_at, machine_class, environment) VALUES ('v1-run', 0, 'linux-x64-2c-net10', '{}')",
                "INSERT INTO operations (identity, assembly, test, name) VALUES ('a|t|n', 'a', 't', 'n')",
                "INSERT INTO results (run_id, operation_id, content_hash, outcome, mean_ns) SELECT r.id, o.id, 'h1', 'Pass', 1234.5 FROM runs r, operations o",
            })
            {
                await using var command = HistorySchema.Command(connection, transaction, sql);
                await command.ExecuteNonQueryAsync(TestContext.Current.CancellationToken);
            }

            await transaction.CommitAsync(TestContext.Current.CancellationToken);
        }

        Assert.Equal(1, await SchemaVersionAsync(store));
        var snapshot = await store.ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken);

        Assert.Equal(HistorySchema.Current, await SchemaVersionAsync(store));
        Assert.Equal(("v1-run", 1234.5), (Assert.Single(snapshot.Runs).Key, Assert.Single(snapshot.Results).MeanNs));
        Assert.Null(snapshot.Results[0].RequestsPerSecond);
    }

    private static async Task<int> SchemaVersionAsync(HistoryStore store)
    {
        await using var connection = await store.Dialect.OpenAsync(TestContext.Current.CancellationToken);
        return await HistorySchema.VersionAsync(connection, null, TestContext.Current.CancellationToken);
    }

    /// <summary>Writes the store's schema version directly, as a newer (or this) PerfAssert would have.</summary>
    protected abstract Task SetSchemaVersionAsync(string location, int version);

    public void Dispose()
    {
        _temp.Dispose();
        GC.SuppressFinalize(this);
    }
}
