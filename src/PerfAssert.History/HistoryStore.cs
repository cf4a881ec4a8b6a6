using System.Data;
using System.Data.Common;
using System.Globalization;
using System.Text.Json;
using PerfAssert.Reporting;

namespace PerfAssert.History;

/// <summary>
/// The performance history: every recorded run's figures and verdicts per operation, in a SQLite file (the default) or a
/// PostgreSQL database (for a team), with one schema and one set of queries. Recording is an idempotent import: a result
/// file recorded twice, or a run whose key is stored, adds nothing; a run is written whole or not at all; writers
/// recording at once wait for each other.
/// </summary>
public sealed class HistoryStore
{
    /// <summary>The setting (an environment variable) naming the store: a SQLite file's path or a PostgreSQL connection string.</summary>
    public const string LocationVariable = ResultHistory.LocationVariable;

    /// <summary>The SQLite file the tool uses when no store is named.</summary>
    public const string DefaultFile = "perfassert-history.db";

    private readonly StoreDialect _dialect;
    private readonly TimeProvider _time;

    private HistoryStore(StoreDialect dialect, TimeProvider time)
    {
        _dialect = dialect;
        _time = time;
    }

    /// <summary>The file, or the server and database, as messages name it (never a password).</summary>
    public string Description => _dialect.Description;

    internal StoreDialect Dialect => _dialect;

    /// <summary>Whether the store is a PostgreSQL database (otherwise a SQLite file).</summary>
    public bool IsPostgres => _dialect is PostgresDialect;

    /// <summary>
    /// The store at <paramref name="location"/>: a PostgreSQL connection string (<c>Host=...;Database=...</c>) or URL
    /// (<c>postgresql://...</c>), else a SQLite file's path (created when first written). Nothing is opened until it is used.
    /// </summary>
    /// <param name="location">The store.</param>
    /// <param name="timeout">How long to wait for a server to answer, or for another writer's lock; the default is 30 s.</param>
    /// <exception cref="HistoryException">A PostgreSQL connection string that is not valid.</exception>
    public static HistoryStore Open(string location, TimeSpan? timeout = null) => Open(location, timeout ?? TimeSpan.FromSeconds(30), TimeProvider.System);

    internal static HistoryStore Open(string location, TimeSpan timeout, TimeProvider time) => new(StoreDialect.For(location, timeout), time);

    internal static HistoryStore Open(StoreDialect dialect) => new(dialect, TimeProvider.System);

    /// <summary>
    /// Records a test run from its results folder (the per-test result files of <c>TestResults/perfassert</c>) as it ran at
    /// <paramref name="run"/>'s commit, with the baseline entries that commit changed as accepted changes.
    /// </summary>
    /// <exception cref="InvalidDataException">A result file is not valid JSON, not a PerfAssert result, or the folder holds none; nothing was written.</exception>
    /// <exception cref="DirectoryNotFoundException">There is no such folder.</exception>
    /// <exception cref="HistoryException">The store cannot be written (named in the message); nothing was written.</exception>
    public Task<RecordOutcome> RecordAsync(string resultsDirectory, RunInfo run, CancellationToken cancellationToken = default)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(resultsDirectory);
        ArgumentNullException.ThrowIfNull(run);
        var annotations = AcceptedChanges.At(resultsDirectory, run);
        return RecordAsync(RunBatch.Read(resultsDirectory, run, annotations, _time.GetUtcNow()), cancellationToken);
    }

    /// <summary>Records one result as a test finishes (the <see cref="LocationVariable"/> setting), under <paramref name="run"/>.</summary>
    internal Task<RecordOutcome> RecordAsync(PerfResult result, string fileText, RunInfo run, CancellationToken cancellationToken) =>
        RecordAsync(RunBatch.Create(run, [RecordedResult.From(result, fileText)], [], _time.GetUtcNow()), cancellationToken);

    internal Task<RecordOutcome> RecordAsync(RunBatch batch, CancellationToken cancellationToken) =>
        WriteAsync(async (connection, transaction) =>
        {
            var hashes = batch.Results.Select(r => r.ContentHash).ToList();
            var known = await KnownHashesAsync(connection, transaction, hashes, cancellationToken).ConfigureAwait(false);
            var fresh = batch.Results.Where(r => !known.Contains(r.ContentHash)).ToList();
            if (fresh.Count == 0)
            {
                return new RecordOutcome(batch.Key, 0, batch.Results.Count, 0);
            }

            var runId = await RunIdAsync(connection, transaction, batch.Key, cancellationToken).ConfigureAwait(false)
                ?? await InsertRunAsync(connection, transaction, batch, cancellationToken).ConfigureAwait(false);
            var added = 0;
            foreach (var result in fresh)
            {
                added += await InsertResultAsync(connection, transaction, runId, result, cancellationToken).ConfigureAwait(false) ? 1 : 0;
            }

            var annotations = 0;
            if (batch.Info.Commit is { } commit)
            {
                foreach (var annotation in batch.Annotations)
                {
                    annotations += await Insert(connection, transaction,
                        "INSERT INTO annotations (repository, commit_sha, subject, kind, note) VALUES (@repository, @commit, @subject, @kind, @note) ON CONFLICT DO NOTHING",
                        cancellationToken, ("repository", batch.Info.Repository ?? string.Empty), ("commit", commit), ("subject", annotation.Subject), ("kind", annotation.Kind), ("note", annotation.Note)).ConfigureAwait(false);
                }
            }

            return new RecordOutcome(batch.Key, added, batch.Results.Count - added, annotations);
        }, cancellationToken);

    /// <summary>Reads the runs <paramref name="query"/> selects, oldest first, with their results and the notes on their commits.</summary>
    /// <remarks>
    /// A read takes the writers' lock too, briefly (a report of a thousand runs reads in well under a second): it may have to
    /// migrate the store first, and it then sees no run half-written. Reading a SQLite file that does not exist creates nothing.
    /// </remarks>
    internal Task<HistorySnapshot> ReadAsync(HistoryQuery query, CancellationToken cancellationToken) =>
        _dialect is SqliteDialect { Description: var path } && !File.Exists(path)
            ? throw new HistoryException($"No history at {path}: record a run into it first (perfassert history record), or name the store with --store or {LocationVariable}.")
            : WriteAsync((connection, transaction) => HistoryReader.ReadAsync(connection, transaction, query, cancellationToken), cancellationToken);

    /// <summary>
    /// Runs <paramref name="work"/> in a writer's transaction on a migrated store and commits it; any failure rolls all of
    /// it back. A driver's error about the store becomes a <see cref="HistoryException"/> naming it.
    /// </summary>
    private async Task<T> WriteAsync<T>(Func<DbConnection, DbTransaction, Task<T>> work, CancellationToken cancellationToken)
    {
        try
        {
            await using var connection = await _dialect.OpenAsync(cancellationToken).ConfigureAwait(false);
            await using var transaction = await _dialect.BeginWriteAsync(connection, cancellationToken).ConfigureAwait(false);
            await HistorySchema.MigrateAsync(_dialect, connection, transaction, cancellationToken).ConfigureAwait(false);
            var result = await work(connection, transaction).ConfigureAwait(false);
            await transaction.CommitAsync(cancellationToken).ConfigureAwait(false);
            return result;
        }
        catch (Exception ex) when (ex is not HistoryException && _dialect.Explain(ex) is { } explained)
        {
            throw explained;
        }
    }

    private static async Task<HashSet<string>> KnownHashesAsync(DbConnection connection, DbTransaction transaction, IReadOnlyList<string> hashes, CancellationToken cancellationToken)
    {
        var known = new HashSet<string>(StringComparer.Ordinal);
        foreach (var chunk in hashes.Chunk(500))
        {
            var names = chunk.Select((_, i) => "@h" + i.ToString(CultureInfo.InvariantCulture)).ToList();
            await using var command = HistorySchema.Command(connection, transaction, $"SELECT content_hash FROM results WHERE content_hash IN ({string.Join(", ", names)})");
            for (var i = 0; i < chunk.Length; i++)
            {
                Add(command, names[i][1..], chunk[i]);
            }

            await using var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false);
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                known.Add(reader.GetString(0));
            }
        }

        return known;
    }

    private static async Task<long?> RunIdAsync(DbConnection connection, DbTransaction transaction, string key, CancellationToken cancellationToken)
    {
        await using var command = HistorySchema.Command(connection, transaction, "SELECT id FROM runs WHERE run_key = @key");
        Add(command, "key", key);
        return await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is { } id and not DBNull ? Convert.ToInt64(id, CultureInfo.InvariantCulture) : null;
    }

    private static async Task<long> InsertRunAsync(DbConnection connection, DbTransaction transaction, RunBatch batch, CancellationToken cancellationToken)
    {
        await using var command = HistorySchema.Command(connection, transaction, """
            INSERT INTO runs (run_key, repository, branch, commit_sha, parent_sha, ci_url, recorded_at, machine_class, environment)
            VALUES (@key, @repository, @branch, @commit, @parent, @ci, @at, @class, @environment) RETURNING id
            """);
        Add(command, "key", batch.Key);
        Add(command, "repository", batch.Info.Repository);
        Add(command, "branch", batch.Info.Branch);
        Add(command, "commit", batch.Info.Commit);
        Add(command, "parent", batch.Info.Parent);
        Add(command, "ci", batch.Info.CiUrl);
        Add(command, "at", batch.Time.ToUnixTimeMilliseconds());
        Add(command, "class", batch.Environment.MachineClass);
        Add(command, "environment", JsonSerializer.Serialize(batch.Environment, PerfJson.Options));
        return Convert.ToInt64(await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false), CultureInfo.InvariantCulture);
    }

    private static async Task<bool> InsertResultAsync(DbConnection connection, DbTransaction transaction, long runId, RecordedResult result, CancellationToken cancellationToken)
    {
        var operation = result.Operation;
        await Insert(connection, transaction, "INSERT INTO operations (identity, assembly, test, name) VALUES (@identity, @assembly, @test, @name) ON CONFLICT DO NOTHING",
            cancellationToken, ("identity", operation.Key), ("assembly", operation.Assembly), ("test", operation.Test), ("name", operation.Name)).ConfigureAwait(false);

        var subject = result.Result.Subject;
        await using var command = HistorySchema.Command(connection, transaction, """
            INSERT INTO results (run_id, operation_id, content_hash, baseline, outcome, mean_ns, median_ns, p95_ns, p99_ns, bytes_per_op, gen0_per_1k, calibration_ratio, requests_per_second)
            SELECT @run, id, @hash, @baseline, @outcome, @mean, @median, @p95, @p99, @bytes, @gen0, @calibration, @rps FROM operations WHERE identity = @identity
            ON CONFLICT DO NOTHING RETURNING id
            """);
        Add(command, "run", runId);
        Add(command, "identity", operation.Key);
        Add(command, "hash", result.ContentHash);
        Add(command, "baseline", result.Baseline);
        Add(command, "outcome", result.Result.Outcome.ToString());
        Add(command, "mean", Finite(subject.MeanNs));
        Add(command, "median", Finite(subject.PerCall?.MedianNs));
        Add(command, "p95", Finite(subject.PerCall?.P95Ns));
        Add(command, "p99", Finite(subject.PerCall?.P99Ns));
        Add(command, "bytes", Finite(subject.Allocations?.BytesPerOp));
        Add(command, "gen0", Finite(subject.Allocations?.Gen0PerThousandOps));
        Add(command, "calibration", Finite(subject.CalibrationRatio));
        Add(command, "rps", Finite(result.RequestsPerSecond));
        if (await command.ExecuteScalarAsync(cancellationToken).ConfigureAwait(false) is not { } id || id is DBNull)
        {
            // This run holds a result for the operation already (a test retried within one CI run): the first one stays.
            return false;
        }

        var resultId = Convert.ToInt64(id, CultureInfo.InvariantCulture);
        var ordinal = 0;
        foreach (var verdict in result.Result.Verdicts)
        {
            await Insert(connection, transaction, """
                INSERT INTO verdicts (result_id, ordinal, metric, unit, partner, budget, at_least, estimate, lower_bound, upper_bound, confidence, sample_size, outcome, advisory, evidence)
                VALUES (@result, @ordinal, @metric, @unit, @partner, @budget, @atLeast, @estimate, @lower, @upper, @confidence, @n, @outcome, @advisory, @evidence)
                """, cancellationToken,
                ("result", resultId), ("ordinal", ordinal++), ("metric", verdict.Metric), ("unit", verdict.Unit), ("partner", verdict.Partner),
                ("budget", verdict.Limit), ("atLeast", verdict.AtLeast ? 1 : 0), ("estimate", Finite(verdict.Measured.Estimate)),
                ("lower", Finite(verdict.Measured.Lower)), ("upper", Finite(verdict.Measured.Upper)), ("confidence", Finite(verdict.Measured.ConfidenceLevel)),
                ("n", verdict.Measured.SampleSize), ("outcome", verdict.Outcome.ToString()), ("advisory", verdict.Advisory ? 1 : 0), ("evidence", verdict.Evidence)).ConfigureAwait(false);
        }

        return true;
    }

    private static Real Finite(double? value) => new(value is { } v && double.IsFinite(v) ? v : null);

    private static async Task<int> Insert(DbConnection connection, DbTransaction transaction, string sql, CancellationToken cancellationToken, params (string Name, object? Value)[] parameters)
    {
        await using var command = HistorySchema.Command(connection, transaction, sql);
        foreach (var (name, value) in parameters)
        {
            Add(command, name, value);
        }

        return await command.ExecuteNonQueryAsync(cancellationToken).ConfigureAwait(false);
    }

    internal static void Add(DbCommand command, string name, object? value)
    {
        var parameter = command.CreateParameter();
        parameter.ParameterName = "@" + name;
        parameter.Value = value switch
        {
            null => DBNull.Value,
            Real { Value: { } v } => v,
            Real => DBNull.Value,
            _ => value,
        };
        // A NULL needs its type on PostgreSQL, which cannot infer it in every statement (INSERT ... SELECT).
        parameter.DbType = value is Real ? DbType.Double : value is null ? DbType.String : parameter.DbType;
        command.Parameters.Add(parameter);
    }

    /// <summary>A floating-point figure, NULL when it is missing or not finite (an unbounded interval): not every database keeps NaN and infinities.</summary>
    private readonly record struct Real(double? Value);
}
