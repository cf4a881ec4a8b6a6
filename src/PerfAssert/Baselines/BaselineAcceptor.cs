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

        var changes = new List<AcceptedChange>();
        foreach (var candidatePath in Directory.GetFiles(from, "*.received.json").Order(StringComparer.Ordinal))
        {
            // Read everything first: a corrupt candidate or baseline stops the accept before anything is written.
            var candidate = store.Read(candidatePath);
            var fileName = Path.GetFileName(candidatePath)[..^".received.json".Length];
            var target = store.PathOf(fileName);
            var before = store.Read(target);
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
