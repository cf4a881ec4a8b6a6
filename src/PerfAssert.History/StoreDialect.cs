using System.Data.Common;
using Microsoft.Data.Sqlite;
using Npgsql;

namespace PerfAssert.History;

/// <summary>
/// What differs between the two stores: how a connection opens, two column types, how a writer takes the store for
/// itself, and how a driver's error reads to a user. The schema and every query are shared.
/// </summary>
internal abstract class StoreDialect
{
    /// <summary>The file or server, as errors name it (never a password).</summary>
    public abstract string Description { get; }

    /// <summary>The column type of a generated 64-bit key.</summary>
    public abstract string KeyColumn { get; }

    /// <summary>The column type of a floating-point figure.</summary>
    public abstract string RealColumn { get; }

    public abstract Task<DbConnection> OpenAsync(CancellationToken cancellationToken);

    /// <summary>A transaction that only one writer holds at a time (so migrations and imports never interleave).</summary>
    public abstract Task<DbTransaction> BeginWriteAsync(DbConnection connection, CancellationToken cancellationToken);

    /// <summary>The driver's error as a <see cref="HistoryException"/> naming the store, or <see langword="null"/> for one that is not about the store.</summary>
    public abstract HistoryException? Explain(Exception error);

    public static StoreDialect For(string location, TimeSpan timeout)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(location);
        return IsPostgres(location) ? new PostgresDialect(location, timeout) : new SqliteDialect(location, timeout);
    }

    /// <summary>A PostgreSQL connection string (<c>Host=...</c>) or URL (<c>postgresql://...</c>); anything else is a SQLite file.</summary>
    public static bool IsPostgres(string location) =>
        location.StartsWith("postgres://", StringComparison.OrdinalIgnoreCase) || location.StartsWith("postgresql://", StringComparison.OrdinalIgnoreCase)
        || (location.Contains('=', StringComparison.Ordinal) && location.Contains("host", StringComparison.OrdinalIgnoreCase));
}

/// <summary>A SQLite file: written in WAL mode, one writer at a time (BEGIN IMMEDIATE), waiting out another writer's lock.</summary>
internal sealed class SqliteDialect(string path, TimeSpan timeout) : StoreDialect
{
    private readonly string _path = Path.GetFullPath(path);

    public override string Description => _path;

    public override string KeyColumn => "INTEGER PRIMARY KEY";

    public override string RealColumn => "REAL";

    public override async Task<DbConnection> OpenAsync(CancellationToken cancellationToken)
    {
        if (Path.GetDirectoryName(_path) is { } directory && !Directory.Exists(directory))
        {
            throw new HistoryException($"No folder for the history store {_path}: create {directory}, or name another file.");
        }

        var builder = new SqliteConnectionStringBuilder
        {
            DataSource = _path,
            Mode = SqliteOpenMode.ReadWriteCreate,
            Pooling = false,
            DefaultTimeout = (int)Math.Ceiling(timeout.TotalSeconds),
        };
        var connection = new SqliteConnection(builder.ToString());
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            using var pragma = connection.CreateCommand();
            // How long a statement waits for another connection's lock before SQLITE_BUSY; WAL lets readers go on beside a writer.
            pragma.CommandText = $"PRAGMA busy_timeout = {(int)timeout.TotalMilliseconds}; PRAGMA journal_mode = WAL; PRAGMA foreign_keys = ON;";
            await pragma.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
            return connection;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public override async Task<DbTransaction> BeginWriteAsync(DbConnection connection, CancellationToken cancellationToken) =>
        // Microsoft.Data.Sqlite begins an IMMEDIATE transaction unless asked for a deferred one: the write lock is taken now.
        await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);

    public override HistoryException? Explain(Exception error) => error switch
    {
        SqliteException { SqliteErrorCode: 26 } e => new HistoryException($"{_path} is not a SQLite database (it may be corrupt, or another kind of file): {e.Message} Name another file, or move this one away; a history store is rebuilt by recording the runs' results folders again.", e),
        SqliteException { SqliteErrorCode: 11 } e => new HistoryException($"{_path} is corrupt: {e.Message} Move it away and record the runs' results folders into a new store.", e),
        SqliteException { SqliteErrorCode: 5 or 6 } e => new HistoryException($"{_path} is locked by another process, which held it longer than {timeout.TotalSeconds:0} s: {e.Message} Wait for the other recording or report to end and try again.", e),
        SqliteException { SqliteErrorCode: 8 or 14 or 23 } e => new HistoryException($"Cannot open the history store {_path} for writing: {e.Message}", e),
        SqliteException e => new HistoryException($"The history store {_path} failed: {e.Message}", e),
        _ => null,
    };
}

/// <summary>A PostgreSQL server: writers serialize on a transaction-scoped advisory lock; version 13 or newer.</summary>
internal sealed class PostgresDialect : StoreDialect
{
    /// <summary>The oldest server major version the schema and queries are written for (ON CONFLICT, identity columns, RETURNING).</summary>
    public const int MinimumServerVersion = 13;

    // An arbitrary constant: the advisory lock every PerfAssert writer of one database takes.
    private const long WriterLock = 0x5045_5246_4153_5354;

    private readonly string _connectionString;
    private readonly TimeSpan _timeout;
    private readonly int _minimumVersion;

    public PostgresDialect(string location, TimeSpan timeout, int minimumVersion = MinimumServerVersion)
    {
        _timeout = timeout;
        _minimumVersion = minimumVersion;
        try
        {
            var builder = location.Contains("://", StringComparison.Ordinal) ? FromUrl(location) : new NpgsqlConnectionStringBuilder(location);
            if (!location.Contains("timeout", StringComparison.OrdinalIgnoreCase))
            {
                builder.Timeout = Math.Max(1, (int)Math.Ceiling(timeout.TotalSeconds));
                builder.CommandTimeout = Math.Max(30, (int)Math.Ceiling(timeout.TotalSeconds));
            }

            _connectionString = builder.ConnectionString;
            Description = $"PostgreSQL at {builder.Host}:{builder.Port}/{builder.Database ?? builder.Username}";
        }
        catch (ArgumentException e)
        {
            throw new HistoryException($"The PostgreSQL connection string is not valid ({e.Message}). Give one like Host=db.example;Port=5432;Database=perf;Username=perf;Password=...", e);
        }
    }

    public override string Description { get; }

    public override string KeyColumn => "BIGINT GENERATED BY DEFAULT AS IDENTITY PRIMARY KEY";

    public override string RealColumn => "DOUBLE PRECISION";

    public override async Task<DbConnection> OpenAsync(CancellationToken cancellationToken)
    {
        var connection = new NpgsqlConnection(_connectionString);
        try
        {
            await connection.OpenAsync(cancellationToken).ConfigureAwait(false);
            if (connection.PostgreSqlVersion.Major < _minimumVersion)
            {
                throw new HistoryException($"{Description} runs PostgreSQL {connection.ServerVersion}; the history store needs PostgreSQL {_minimumVersion} or newer.");
            }

            return connection;
        }
        catch
        {
            await connection.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    public override async Task<DbTransaction> BeginWriteAsync(DbConnection connection, CancellationToken cancellationToken)
    {
        var transaction = await connection.BeginTransactionAsync(cancellationToken).ConfigureAwait(false);
        await using var command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = $"SELECT pg_advisory_xact_lock({WriterLock})";
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
        return transaction;
    }

    public override HistoryException? Explain(Exception error) => error switch
    {
        PostgresException { SqlState: "3D000" } e => new HistoryException($"{Description}: the database does not exist ({e.MessageText}). Create it (createdb) or name another in the connection string.", e),
        PostgresException { SqlState: "28P01" or "28000" } e => new HistoryException($"{Description} refused the user ({e.MessageText}). Check Username and Password in the connection string.", e),
        PostgresException e => new HistoryException($"{Description} failed: {e.MessageText} (SQLSTATE {e.SqlState}).", e),
        NpgsqlException e => new HistoryException($"Cannot reach {Description} within {_timeout.TotalSeconds:0} s: {e.InnerException?.Message ?? e.Message} Check the host and port, and that the server is running.", e),
        TimeoutException e => new HistoryException($"Cannot reach {Description} within {_timeout.TotalSeconds:0} s: {e.Message}", e),
        _ => null,
    };

    private static NpgsqlConnectionStringBuilder FromUrl(string url)
    {
        var uri = new Uri(url);
        var user = uri.UserInfo.Split(':', 2);
        return new NpgsqlConnectionStringBuilder
        {
            Host = uri.Host,
            Port = uri.Port > 0 ? uri.Port : 5432,
            Database = Uri.UnescapeDataString(uri.AbsolutePath.TrimStart('/')) is { Length: > 0 } database ? database : null,
            Username = user[0].Length > 0 ? Uri.UnescapeDataString(user[0]) : null,
            Password = user.Length > 1 ? Uri.UnescapeDataString(user[1]) : null,
        };
    }
}
