using Microsoft.Data.Sqlite;
using PerfAssert.History.Tests.Support;

namespace PerfAssert.History.Tests;

/// <summary>The store contract on a SQLite file, and what only a file can do wrong: be corrupt, be another program's database, be locked.</summary>
public sealed class SqliteStoreTests : StoreContractTests
{
    protected override Task<string> NewStoreAsync() => Task.FromResult(Path.Combine(Temp, $"history-{Guid.NewGuid():N}.db"));

    protected override async Task SetSchemaVersionAsync(string location, int version)
    {
        await using var connection = new SqliteConnection($"Data Source={location};Pooling=False");
        await connection.OpenAsync(TestContext.Current.CancellationToken);
        await using var command = connection.CreateCommand();
        command.CommandText = $"UPDATE perfassert_schema SET version = {version}";
        await command.ExecuteNonQueryAsync(TestContext.Current.CancellationToken);
    }

    [Fact]
    public async Task Record_CorruptFile_NamesItAndLeavesItAsItWas()
    {
        var path = await NewStoreAsync();
        var garbage = Enumerable.Range(0, 8192).Select(i => (byte)(i * 7 % 251)).ToArray();
        await File.WriteAllBytesAsync(path, garbage, TestContext.Current.CancellationToken);

        var error = await Assert.ThrowsAsync<HistoryException>(() => HistoryStore.Open(path).RecordAsync(HistorySamples.WriteRunAsync(Temp, 1).Result, HistorySamples.Info(1), TestContext.Current.CancellationToken));

        Assert.Contains(path, error.Message, StringComparison.Ordinal);
        Assert.Contains("not a SQLite database", error.Message, StringComparison.Ordinal);
        Assert.Equal(garbage, await File.ReadAllBytesAsync(path, TestContext.Current.CancellationToken));
    }

    [Fact]
    public async Task Record_AnotherProgramsDatabase_IsRefused()
    {
        var path = await NewStoreAsync();
        await using (var connection = new SqliteConnection($"Data Source={path};Pooling=False"))
        {
            await connection.OpenAsync(TestContext.Current.CancellationToken);
            await using var command = connection.CreateCommand();
            command.CommandText = "CREATE TABLE customers (id INTEGER PRIMARY KEY, name TEXT)";
            await command.ExecuteNonQueryAsync(TestContext.Current.CancellationToken);
        }

        var error = await Assert.ThrowsAsync<HistoryException>(() => HistoryStore.Open(path).RecordAsync(HistorySamples.WriteRunAsync(Temp, 1).Result, HistorySamples.Info(1), TestContext.Current.CancellationToken));

        Assert.Contains($"{path} is a SQLite database of something else", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Record_FileLockedLongerThanTheTimeout_SaysSoAndWritesNothing()
    {
        var path = await NewStoreAsync();
        var run = await HistorySamples.WriteRunAsync(Temp, 1);
        await HistoryStore.Open(path).RecordAsync(await HistorySamples.WriteRunAsync(Temp, 0), HistorySamples.Info(0), TestContext.Current.CancellationToken);
        await using var holder = new SqliteConnection($"Data Source={path};Pooling=False");
        await holder.OpenAsync(TestContext.Current.CancellationToken);
        await using (var begin = holder.CreateCommand())
        {
            begin.CommandText = "BEGIN EXCLUSIVE";
            await begin.ExecuteNonQueryAsync(TestContext.Current.CancellationToken);
        }

        var error = await Assert.ThrowsAsync<HistoryException>(() => HistoryStore.Open(path, TimeSpan.FromSeconds(1)).RecordAsync(run, HistorySamples.Info(1), TestContext.Current.CancellationToken));

        Assert.Contains($"{path} is locked by another process", error.Message, StringComparison.Ordinal);
        await using (var rollback = holder.CreateCommand())
        {
            rollback.CommandText = "ROLLBACK";
            await rollback.ExecuteNonQueryAsync(TestContext.Current.CancellationToken);
        }

        Assert.Single((await HistoryStore.Open(path).ReadAsync(new HistoryQuery(), TestContext.Current.CancellationToken)).Runs);
    }

    [Fact]
    public async Task Open_MissingFolder_NamesTheFolder()
    {
        var path = Path.Combine(Temp, "no-such-folder", "history.db");

        var error = await Assert.ThrowsAsync<HistoryException>(() => HistoryStore.Open(path).RecordAsync(HistorySamples.WriteRunAsync(Temp, 1).Result, HistorySamples.Info(1), TestContext.Current.CancellationToken));

        Assert.Contains(Path.Combine(Temp, "no-such-folder"), error.Message, StringComparison.Ordinal);
    }
}
