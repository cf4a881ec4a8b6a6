namespace PerfAssert.Baselines;

/// <summary>
/// Moves candidates into the committed baselines: every <c>*.received.json</c> in the candidate directory (or a folder of
/// candidates downloaded from CI) is merged into its <c>*.json</c>, atomically, and then deleted. Refused on CI.
/// </summary>
public static class BaselineAcceptor
{
    /// <summary>Accepts every candidate; returns what changed, old and new, for the caller to show side by side.</summary>
    public static async Task<IReadOnlyList<AcceptedChange>> AcceptAsync(BaselineStore store, string? candidateDirectory = null, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(store);
        if (store.IsCi)
        {
            throw new InvalidOperationException("CI=true: baselines are never accepted on CI. Download the candidates and accept them locally.");
        }

        var from = Path.GetFullPath(candidateDirectory ?? store.CandidateDirectory);
        if (!Directory.Exists(from))
        {
            throw new DirectoryNotFoundException($"No candidate folder at {from}. Run the performance tests first, or pass the folder of candidates downloaded from CI.");
        }

        // Read every candidate and every file it goes into first: one corrupt file stops the accept before anything is written.
        var pending = Directory.GetFiles(from, "*.received.json")
            .Order(StringComparer.Ordinal)
            .Select(candidatePath =>
            {
                var candidate = store.Read(candidatePath);
                var target = store.PathOf(Path.GetFileName(candidatePath)[..^".received.json".Length]);
                return (CandidatePath: candidatePath, Candidate: candidate, Target: target, Before: store.Read(target));
            })
            .ToList();
        var changes = new List<AcceptedChange>();
        foreach (var (candidatePath, candidate, target, before) in pending)
        {
            await store.UpdateAsync(target, file =>
            {
                foreach (var (id, entry) in candidate.Entries)
                {
                    file.Entries[id] = entry;
                }
            }, cancellationToken).ConfigureAwait(false);
            changes.AddRange(candidate.Entries.Select(e => new AcceptedChange(store.Relative(target), e.Key, before.Entries.GetValueOrDefault(e.Key), e.Value)));
            File.Delete(candidatePath);
        }

        return changes;
    }
}
