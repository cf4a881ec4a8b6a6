using Npgsql;

namespace PerfAssert.History.Tests.Support;

/// <summary>The private server the history store tests run against starts, answers, hands out databases and leaves nothing running.</summary>
public sealed class PrivatePostgresTests
{
    [Fact]
    public async Task Lifetime_StartQueryCreateDatabaseDispose_LeavesNoServerBehind()
    {
        var cancel = TestContext.Current.CancellationToken;
        var server = new PrivatePostgres();
        string root;
        try
        {
            await server.InitializeAsync();
            root = Path.GetDirectoryName(server.DataDirectory)!;
            TestContext.Current.TestOutputHelper?.WriteLine($"initdb and start took {server.StartupTime.TotalMilliseconds:0} ms");

            await using (var connection = new NpgsqlConnection(server.ConnectionString))
            {
                await connection.OpenAsync(cancel);
                await using var version = new NpgsqlCommand("SELECT version()", connection);
                Assert.StartsWith("PostgreSQL", (string?)await version.ExecuteScalarAsync(cancel), StringComparison.Ordinal);
            }

            var database = await server.CreateDatabaseAsync("private_postgres_tests");
            await using (var connection = new NpgsqlConnection(database))
            {
                await connection.OpenAsync(cancel);
                await using var use = new NpgsqlCommand("CREATE TABLE runs (id int); INSERT INTO runs VALUES (1); SELECT current_database() || ':' || count(*) FROM runs", connection);
                Assert.Equal("private_postgres_tests:1", await use.ExecuteScalarAsync(cancel));
            }
        }
        finally
        {
            await server.DisposeAsync();
        }

        Assert.Empty(ProcessesMentioning(root));
        Assert.False(Directory.Exists(root), $"{root} was left behind");
        await using var after = new NpgsqlConnection(server.ConnectionString);
        await Assert.ThrowsAnyAsync<NpgsqlException>(() => after.OpenAsync(cancel));
    }

    /// <summary>
    /// The command lines of the running processes that contain <paramref name="text"/>: what <c>pgrep -af</c> prints, read
    /// from /proc because procps is not among the postgresql package's dependencies.
    /// </summary>
    private static List<string> ProcessesMentioning(string text)
    {
        var found = new List<string>();
        foreach (var directory in Directory.EnumerateDirectories("/proc"))
        {
            if (!int.TryParse(Path.GetFileName(directory), out var pid) || pid == Environment.ProcessId)
            {
                continue;
            }

            try
            {
                var commandLine = File.ReadAllText(Path.Combine(directory, "cmdline")).Replace('\0', ' ');
                if (commandLine.Contains(text, StringComparison.Ordinal))
                {
                    found.Add($"{pid} {commandLine}");
                }
            }
            catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
            {
                // The process ended meanwhile.
            }
        }

        return found;
    }
}
