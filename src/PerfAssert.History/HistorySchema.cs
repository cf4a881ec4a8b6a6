using System.Data.Common;

namespace PerfAssert.History;

/// <summary>
/// The store's tables, one definition for SQLite and PostgreSQL, versioned: a store records the version it was written
/// at, and opening it applies the migrations it lacks, one writer at a time. A store from a newer PerfAssert is refused
/// rather than written in a shape it does not know.
/// </summary>
/// <remarks>
/// What is kept is what a report needs and no more: per run its place (repository, branch, commit, parent, CI link,
/// machine class, environment); per operation and run the figures (mean, median, P95, P99 per call, bytes and Gen0 per
/// operation, calibration ratio, requests per second under load); per verdict its budget, interval, outcome and evidence. The results JSON stays the
/// source of truth and is not copied in.
/// </remarks>
internal static class HistorySchema
{
    /// <summary>The version this PerfAssert writes.</summary>
    public const int Current = 2;

    private static IReadOnlyList<string> Version1(StoreDialect d) =>
    [
        $"""
        CREATE TABLE runs (
            id {d.KeyColumn},
            run_key TEXT NOT NULL UNIQUE,
            repository TEXT, branch TEXT, commit_sha TEXT, parent_sha TEXT, ci_url TEXT,
            recorded_at BIGINT NOT NULL,
            machine_class TEXT NOT NULL,
            environment TEXT NOT NULL)
        """,
        "CREATE INDEX runs_by_class ON runs (machine_class, branch, recorded_at)",
        $"""
        CREATE TABLE operations (
            id {d.KeyColumn},
            identity TEXT NOT NULL UNIQUE,
            assembly TEXT NOT NULL, test TEXT NOT NULL, name TEXT NOT NULL)
        """,
        $"""
        CREATE TABLE results (
            id {d.KeyColumn},
            run_id BIGINT NOT NULL REFERENCES runs (id),
            operation_id BIGINT NOT NULL REFERENCES operations (id),
            content_hash TEXT NOT NULL UNIQUE,
            baseline TEXT,
            outcome TEXT NOT NULL,
            mean_ns {d.RealColumn}, median_ns {d.RealColumn}, p95_ns {d.RealColumn}, p99_ns {d.RealColumn},
            bytes_per_op {d.RealColumn}, gen0_per_1k {d.RealColumn}, calibration_ratio {d.RealColumn},
            UNIQUE (run_id, operation_id))
        """,
        "CREATE INDEX results_by_operation ON results (operation_id, run_id)",
        $"""
        CREATE TABLE verdicts (
            result_id BIGINT NOT NULL REFERENCES results (id),
            ordinal INTEGER NOT NULL,
            metric TEXT NOT NULL, unit TEXT NOT NULL, partner TEXT,
            budget {d.RealColumn} NOT NULL, at_least INTEGER NOT NULL,
            estimate {d.RealColumn}, lower_bound {d.RealColumn}, upper_bound {d.RealColumn}, confidence {d.RealColumn},
            sample_size INTEGER NOT NULL,
            outcome TEXT NOT NULL, advisory INTEGER NOT NULL, evidence TEXT NOT NULL,
            PRIMARY KEY (result_id, ordinal))
        """,
        $"""
        CREATE TABLE annotations (
            id {d.KeyColumn},
            repository TEXT NOT NULL,
            commit_sha TEXT NOT NULL,
            subject TEXT NOT NULL,
            kind TEXT NOT NULL,
            note TEXT NOT NULL,
            UNIQUE (repository, commit_sha, subject, kind))
        """,
    ];

    // Version 2: the reference suite's throughput rows, an operation's requests per second under load.
    private static IReadOnlyList<string> Version2(StoreDialect d) =>
    [
        $"ALTER TABLE results ADD COLUMN requests_per_second {d.RealColumn}",
    ];

    /// <summary>Each version's statements, applied in order from the store's version; entry i brings a store to version i + 1.</summary>
    internal static readonly Func<StoreDialect, IReadOnlyList<string>>[] Migrations = [Version1, Version2];

    /// <summary>
    /// Brings the store to <see cref="Current"/> inside <paramref name="transaction"/> (a writer's, so two processes never
    /// migrate at once). A SQLite file holding other tables and no PerfAssert history is refused.
    /// </summary>
    public static async Task MigrateAsync(StoreDialect dialect, DbConnection connection, DbTransaction transaction, CancellationToken cancellationToken, int target = Current)
    {
        await Execute(connection, transaction, "CREATE TABLE IF NOT EXISTS perfassert_schema (version INTEGER NOT NULL)", cancellationToken).ConfigureAwait(false);
        var version = await VersionAsync(connection, transaction, cancellationToken).ConfigureAwait(false);
        if (version > Current)
        {
            throw new HistoryException($"{dialect.Description} holds a history at schema version {version}, written by a newer PerfAssert; this one knows version {Current}. Update the PerfAssert tool and packages.");
        }

        if (version >= target)
        {
            return;
        }

        if (version == 0 && dialect is SqliteDialect)
        {
            await using var others = Command(connection, transaction, "SELECT count(*) FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name <> 'perfassert_schema'");
            if (Convert.ToInt64(await others.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false), System.Globalization.CultureInfo.InvariantCulture) > 0)
            {
                throw new HistoryException($"{dialect.Description} is a SQLite database of something else, not a PerfAssert history: it holds other tables. Name another file.");
            }
        }

        for (var next = version; next < target; next++)
        {
            foreach (var statement in Migrations[next](dialect))
            {
                await Execute(connection, transaction, statement, cancellationToken).ConfigureAwait(false);
            }
        }

        await Execute(connection, transaction, "DELETE FROM perfassert_schema", cancellationToken).ConfigureAwait(false);
        await Execute(connection, transaction, $"INSERT INTO perfassert_schema (version) VALUES ({target})", cancellationToken).ConfigureAwait(false);
    }

    /// <summary>The store's schema version; 0 for a new store.</summary>
    public static async Task<int> VersionAsync(DbConnection connection, DbTransaction? transaction, CancellationToken cancellationToken)
    {
        await using var command = Command(connection, transaction, "SELECT max(version) FROM perfassert_schema");
        return await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is { } value and not DBNull
            ? Convert.ToInt32(value, System.Globalization.CultureInfo.InvariantCulture)
            : 0;
    }

    public static DbCommand Command(DbConnection connection, DbTransaction? transaction, string sql)
    {
        var command = connection.CreateCommand();
        command.Transaction = transaction;
        command.CommandText = sql;
        return command;
    }

    private static async Task Execute(DbConnection connection, DbTransaction transaction, string sql, CancellationToken cancellationToken)
    {
        await using var command = Command(connection, transaction, sql);
        await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }
}
