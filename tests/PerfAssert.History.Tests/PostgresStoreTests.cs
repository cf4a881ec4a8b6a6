using System.Net;
using System.Net.Sockets;
using Npgsql;
using PerfAssert.History.Tests.Support;

[assembly: AssemblyFixture(typeof(PrivatePostgres))]

namespace PerfAssert.History.Tests;

/// <summary>
/// The store contract on a real PostgreSQL server (Debian's, started privately for this test run on a free port, a fresh
/// database per test), and what only a server can do wrong: not answer, or lack the database.
/// </summary>
public sealed class PostgresStoreTests(PrivatePostgres postgres) : StoreContractTests
{
    protected override Task<string> NewStoreAsync() => postgres.CreateDatabaseAsync("h" + Guid.NewGuid().ToString("N")[..16]);

    protected override async Task SetSchemaVersionAsync(string location, int version)
    {
        await using var connection = new NpgsqlConnection(location);
        await connection.OpenAsync(TestContext.Current.CancellationToken);
        await using var command = new NpgsqlCommand($"UPDATE perfassert_schema SET version = {version}", connection);
        await command.ExecuteNonQueryAsync(TestContext.Current.CancellationToken);
    }

    [Fact]
    public async Task Record_ServerNotListening_NamesItAndWritesNothing()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        var run = await HistorySamples.WriteRunAsync(Temp, 1);

        var error = await Assert.ThrowsAsync<HistoryException>(() => HistoryStore.Open($"Host=127.0.0.1;Port={port};Database=perf;Username=perf", TimeSpan.FromSeconds(3)).RecordAsync(run, HistorySamples.Info(1), TestContext.Current.CancellationToken));

        Assert.Contains($"Cannot reach PostgreSQL at 127.0.0.1:{port}/perf", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Record_ServerOlderThanTheStoreNeeds_SaysWhichVersionItNeedsAndWritesNothing()
    {
        var location = await NewStoreAsync();
        var tooOld = HistoryStore.Open(new PostgresDialect(location, TimeSpan.FromSeconds(10), minimumVersion: 99));

        var error = await Assert.ThrowsAsync<HistoryException>(() => tooOld.RecordAsync(HistorySamples.WriteRunAsync(Temp, 1).Result, HistorySamples.Info(1), TestContext.Current.CancellationToken));

        Assert.Matches(@"^PostgreSQL at 127\.0\.0\.1:\d+/h\w+ runs PostgreSQL \d+[.\d]*.*; the history store needs PostgreSQL 99 or newer\.$", error.Message);
        await using var connection = new NpgsqlConnection(location);
        await connection.OpenAsync(TestContext.Current.CancellationToken);
        await using var tables = new NpgsqlCommand("SELECT count(*) FROM information_schema.tables WHERE table_schema = 'public'", connection);
        Assert.Equal(0L, await tables.ExecuteScalarAsync(TestContext.Current.CancellationToken));
    }

    [Fact]
    public async Task Record_DatabaseMissing_SaysSo()
    {
        var location = new NpgsqlConnectionStringBuilder(postgres.ConnectionString) { Database = "no_such_history" }.ConnectionString;

        var error = await Assert.ThrowsAsync<HistoryException>(() => HistoryStore.Open(location).RecordAsync(HistorySamples.WriteRunAsync(Temp, 1).Result, HistorySamples.Info(1), TestContext.Current.CancellationToken));

        Assert.Contains("/no_such_history: the database does not exist", error.Message, StringComparison.Ordinal);
    }
}
