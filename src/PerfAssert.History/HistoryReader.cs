using System.Data.Common;
using System.Globalization;

namespace PerfAssert.History;

/// <summary>The queries behind reports and exports: the selected runs, then their results and verdicts, each in one query on the store's indexes.</summary>
internal static class HistoryReader
{
    private const string SelectedRuns = """
        SELECT id FROM runs
        WHERE (@repository IS NULL OR repository = @repository) AND (@branch IS NULL OR branch = @branch) AND (@class IS NULL OR machine_class = @class)
        ORDER BY recorded_at DESC, id DESC LIMIT @last
        """;

    public static async Task<HistorySnapshot> ReadAsync(DbConnection connection, DbTransaction transaction, HistoryQuery query, CancellationToken cancellationToken)
    {
        var runs = new List<StoredRun>();
        await using (var command = Command(connection, transaction, $"SELECT id, run_key, repository, branch, commit_sha, parent_sha, ci_url, recorded_at, machine_class FROM runs WHERE id IN ({SelectedRuns}) ORDER BY recorded_at, id", query))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                runs.Add(new StoredRun(reader.GetInt64(0), reader.GetString(1), Text(reader, 2), Text(reader, 3), Text(reader, 4), Text(reader, 5), Text(reader, 6),
                    DateTimeOffset.FromUnixTimeMilliseconds(reader.GetInt64(7)), reader.GetString(8)));
            }
        }

        var operations = new Dictionary<long, OperationIdentity>();
        await using (var command = Command(connection, transaction, "SELECT id, assembly, test, name FROM operations", null))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                var identity = new OperationIdentity(reader.GetString(1), reader.GetString(2), reader.GetString(3));
                if (query.Operation is null || identity.Test.Contains(query.Operation, StringComparison.OrdinalIgnoreCase) || identity.Name.Contains(query.Operation, StringComparison.OrdinalIgnoreCase))
                {
                    operations.Add(reader.GetInt64(0), identity);
                }
            }
        }

        var results = new Dictionary<long, StoredResult>();
        await using (var command = Command(connection, transaction, $"""
            SELECT id, run_id, operation_id, baseline, outcome, mean_ns, median_ns, p95_ns, p99_ns, bytes_per_op, gen0_per_1k, calibration_ratio, requests_per_second
            FROM results WHERE run_id IN ({SelectedRuns})
            """, query))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                var result = new StoredResult(reader.GetInt64(0), reader.GetInt64(1), reader.GetInt64(2), Text(reader, 3), reader.GetString(4),
                    Real(reader, 5), Real(reader, 6), Real(reader, 7), Real(reader, 8), Real(reader, 9), Real(reader, 10), Real(reader, 11), Real(reader, 12));
                if (operations.ContainsKey(result.OperationId))
                {
                    results.Add(result.Id, result);
                }
            }
        }

        await using (var command = Command(connection, transaction, $"""
            SELECT v.result_id, v.metric, v.unit, v.partner, v.budget, v.at_least, v.estimate, v.lower_bound, v.upper_bound, v.confidence, v.sample_size, v.outcome, v.advisory, v.evidence
            FROM verdicts v JOIN results r ON r.id = v.result_id WHERE r.run_id IN ({SelectedRuns}) ORDER BY v.result_id, v.ordinal
            """, query))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                if (results.TryGetValue(reader.GetInt64(0), out var result))
                {
                    result.Verdicts.Add(new StoredVerdict(reader.GetString(1), reader.GetString(2), Text(reader, 3), reader.GetDouble(4), reader.GetInt64(5) != 0,
                        Real(reader, 6), Real(reader, 7), Real(reader, 8), Real(reader, 9), (int)reader.GetInt64(10), reader.GetString(11), reader.GetInt64(12) != 0, reader.GetString(13)));
                }
            }
        }

        var annotations = new List<StoredAnnotation>();
        await using (var command = Command(connection, transaction, "SELECT repository, commit_sha, subject, kind, note FROM annotations WHERE (@repository IS NULL OR repository = @repository)", query))
        await using (var reader = await command.ExecuteReaderAsync(cancellationToken).ConfigureAwait(false))
        {
            while (await reader.ReadAsync(cancellationToken).ConfigureAwait(false))
            {
                annotations.Add(new StoredAnnotation(reader.GetString(0), reader.GetString(1), new Annotation(reader.GetString(2), reader.GetString(3), reader.GetString(4))));
            }
        }

        return new HistorySnapshot(runs, operations, [.. results.Values.OrderBy(r => r.Id)], annotations);
    }

    private static DbCommand Command(DbConnection connection, DbTransaction transaction, string sql, HistoryQuery? query)
    {
        var command = HistorySchema.Command(connection, transaction, sql);
        if (query is not null)
        {
            HistoryStore.Add(command, "repository", query.Repository);
            if (sql.Contains("@branch", StringComparison.Ordinal))
            {
                HistoryStore.Add(command, "branch", query.Branch);
                HistoryStore.Add(command, "class", query.MachineClass);
                HistoryStore.Add(command, "last", (long)query.LastRuns);
            }
        }

        return command;
    }

    private static string? Text(DbDataReader reader, int column) => reader.IsDBNull(column) ? null : reader.GetString(column);

    private static double? Real(DbDataReader reader, int column) => reader.IsDBNull(column) ? null : Convert.ToDouble(reader.GetValue(column), CultureInfo.InvariantCulture);
}
