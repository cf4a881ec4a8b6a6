using PerfAssert.Environments;
using PerfAssert.Reporting;

namespace PerfAssert.History;

/// <summary>
/// A run ready to record: its place (<see cref="RunInfo"/>), its machine, its results with their content hashes, and the
/// accepted changes at its commit. Everything is read and checked before the store is touched, so a bad file writes nothing.
/// </summary>
internal sealed record RunBatch(RunInfo Info, string Key, DateTimeOffset Time, EnvironmentInfo Environment, IReadOnlyList<RecordedResult> Results, IReadOnlyList<Annotation> Annotations)
{
    /// <summary>
    /// Reads every result file in <paramref name="directory"/> strictly (<see cref="ResultsReader"/>: a foreign, corrupt or
    /// truncated file throws <see cref="InvalidDataException"/> naming it), or the reference suite's results.json when
    /// that is what it names (<see cref="ReferenceSuiteRun"/>). A run with no key of its own is keyed by its results' content.
    /// </summary>
    public static RunBatch Read(string directory, RunInfo info, IReadOnlyList<Annotation> annotations, DateTimeOffset now)
    {
        var recorded = ReferenceSuiteRun.TryRead(directory)
            ?? [.. ResultsReader.ReadFiles(directory).Select(f => RecordedResult.From(f.Result, f.Text))];
        return Create(info, recorded, annotations, now);
    }

    public static RunBatch Create(RunInfo info, IReadOnlyList<RecordedResult> results, IReadOnlyList<Annotation> annotations, DateTimeOffset now)
    {
        if (results.Count == 0)
        {
            throw new InvalidDataException("A run to record holds no results.");
        }

        var machines = results.Select(r => r.Result.Environment.MachineClass).Distinct(StringComparer.Ordinal).ToList();
        if (machines.Count > 1)
        {
            throw new InvalidDataException($"The results come from more than one machine class ({string.Join(", ", machines)}): record each machine's results folder as a run of its own.");
        }

        var key = info.Key ?? "results:" + RecordedResult.Hash(string.Join('\n', results.Select(r => r.ContentHash).Order(StringComparer.Ordinal)))[..32];
        return new RunBatch(info, key, info.Time ?? now, results[0].Result.Environment, results, annotations);
    }
}

/// <summary>A note on an operation at a commit: an accepted change to its baseline entry, or a moved reference build ("*").</summary>
/// <param name="Subject">The baseline entry (<c>file/id</c>) the note is about, or <c>*</c> for every operation.</param>
/// <param name="Kind"><c>accepted</c> or <c>baseline moved</c>.</param>
/// <param name="Note">What changed, in a line.</param>
internal sealed record Annotation(string Subject, string Kind, string Note)
{
    public const string Accepted = "accepted";

    public const string BaselineMoved = "baseline moved";

    public const string Everything = "*";

    public bool Covers(string? baseline) => Subject == Everything || (baseline is not null && Subject == baseline);
}
