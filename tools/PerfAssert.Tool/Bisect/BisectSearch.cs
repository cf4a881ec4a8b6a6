using System.Diagnostics;

namespace PerfAssert.Tool.Bisect;

/// <summary>
/// Finds which commits of a first-parent range made an operation slower, from verdicts between two builds
/// (<see cref="ICommitComparer"/>: a later commit's build measured beside an earlier one's in worker pairs, the pair being
/// the unit of evidence). It checks the endpoints first (the last commit against the first: when they do not differ the
/// slowdown is not reproducible and nothing else runs), then bisects: the middle commit is judged against the last commit
/// known to be as fast as the start, and the range halves towards the slower side. A commit found slower than its parent
/// is a culprit; the last commit is then judged against the culprit, and when it is slower still, the search goes on after
/// it, so a range holding two slowdowns reports both. A commit that cannot be built, or whose comparison stays
/// Inconclusive after its extensions, is skipped and named, and the search goes on around it; when only skipped commits
/// are left between a fast and a slow one, it reports that range instead of guessing. Every comparison is made once: a pair
/// of commits asked for again is answered from what was measured.
/// </summary>
internal sealed class BisectSearch(ICommitComparer comparer, Action<BisectComparison>? compared = null)
{
    private readonly Dictionary<(string Later, string Earlier), BisectComparison> _made = [];
    private readonly List<BisectComparison> _order = [];
    private readonly List<BisectCulprit> _culprits = [];
    private readonly List<BisectSkip> _skipped = [];
    private readonly List<string> _unresolved = [];

    /// <summary>
    /// Searches <paramref name="commits"/> (first parent first: the first is the good end, the last the bad one) and says
    /// what made it slower.
    /// </summary>
    public async Task<BisectResult> RunAsync(IReadOnlyList<BisectCommit> commits, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(commits);
        if (commits.Count < 2)
        {
            throw new ArgumentException("A range needs at least two commits: the good one and the bad one.", nameof(commits));
        }

        var last = commits.Count - 1;
        var endpoints = await CompareAsync(commits, last, 0, cancellationToken).ConfigureAwait(false);
        switch (endpoints.Step.Outcome)
        {
            case StepOutcome.Same:
                return Result(BisectConclusion.NotReproducible, commits);
            case StepOutcome.CannotTell:
                _unresolved.Add($"the endpoints could not be told apart: {endpoints.Step.Detail}");
                return Result(BisectConclusion.CannotTell, commits);
            case StepOutcome.Unbuildable:
                throw new InvalidOperationException($"an endpoint cannot be measured: {endpoints.Step.Detail}");
        }

        var good = 0;
        while (good < last)
        {
            var culprit = await SearchAsync(commits, good, last, cancellationToken).ConfigureAwait(false);
            if (culprit is null || culprit.Value == last)
            {
                break;
            }

            // Is the end slower than the culprit too? Then another commit after it made things slower again.
            var after = await CompareAsync(commits, last, culprit.Value, cancellationToken).ConfigureAwait(false);
            if (after.Step.Outcome != StepOutcome.Slower)
            {
                if (after.Step.Outcome == StepOutcome.CannotTell)
                {
                    _unresolved.Add($"whether {commits[last].Short} is slower than {commits[culprit.Value].Short} could not be told: {after.Step.Detail}");
                }

                break;
            }

            good = culprit.Value;
        }

        var conclusion = _culprits.Count > 0 ? BisectConclusion.Found : BisectConclusion.CannotTell;
        return Result(conclusion, commits);
    }

    /// <summary>
    /// Bisects between <paramref name="good"/> and <paramref name="bad"/>, known slower than it; returns the culprit's index,
    /// or <see langword="null"/> when the slowdown could only be narrowed to a range (said in <see cref="_unresolved"/>).
    /// </summary>
    private async Task<int?> SearchAsync(IReadOnlyList<BisectCommit> commits, int good, int bad, CancellationToken cancellationToken)
    {
        var skipped = new HashSet<int>();
        while (true)
        {
            var between = Enumerable.Range(good + 1, Math.Max(0, bad - good - 1)).Where(i => !skipped.Contains(i)).ToList();
            if (between.Count == 0)
            {
                break;
            }

            var middle = (good + bad) / 2.0;
            var probe = between.OrderBy(i => Math.Abs(i - middle)).ThenBy(i => i).First();
            var step = (await CompareAsync(commits, probe, good, cancellationToken).ConfigureAwait(false)).Step;
            switch (step.Outcome)
            {
                case StepOutcome.Slower:
                    bad = probe;
                    break;
                case StepOutcome.Same:
                    good = probe;
                    break;
                default:
                    skipped.Add(probe);
                    _skipped.Add(new BisectSkip(commits[probe], step.Detail));
                    break;
            }
        }

        if (bad == good + 1)
        {
            // The culprit's own step, against its parent: measured unless the search already did.
            var own = await CompareAsync(commits, bad, good, cancellationToken).ConfigureAwait(false);
            if (own.Step.Outcome == StepOutcome.Slower)
            {
                _culprits.Add(new BisectCulprit(commits[bad], commits[good], own.Step));
                return bad;
            }

            _unresolved.Add($"{commits[bad].Short} is not slower than its parent {commits[good].Short} ({own.Step.Detail}), though it is slower than an earlier commit: the slowdown came in steps too small to tell one by one");
            return null;
        }

        var left = Enumerable.Range(good + 1, bad - good).Select(i => commits[i].Short);
        _unresolved.Add($"the slowdown is in {commits[good].Short}..{commits[bad].Short} ({string.Join(", ", left)}); the commits between them could not be judged");
        return null;
    }

    private async Task<BisectComparison> CompareAsync(IReadOnlyList<BisectCommit> commits, int later, int earlier, CancellationToken cancellationToken)
    {
        var key = (commits[later].Sha, commits[earlier].Sha);
        if (_made.TryGetValue(key, out var made))
        {
            return made;
        }

        var started = Stopwatch.GetTimestamp();
        var step = await comparer.CompareAsync(commits[later], commits[earlier], cancellationToken).ConfigureAwait(false);
        var comparison = new BisectComparison(_order.Count + 1, commits[later], commits[earlier], step, Stopwatch.GetElapsedTime(started));
        _made[key] = comparison;
        _order.Add(comparison);
        compared?.Invoke(comparison);
        return comparison;
    }

    private BisectResult Result(BisectConclusion conclusion, IReadOnlyList<BisectCommit> commits) =>
        new(conclusion, commits, [.. _culprits], [.. _skipped], [.. _order], [.. _unresolved]);
}

/// <summary>What a comparison of a later commit against an earlier one found.</summary>
internal enum StepOutcome
{
    /// <summary>The later commit is not slower (the verdict passed, or found it faster).</summary>
    Same,

    /// <summary>The later commit is slower: a Regression against the earlier one.</summary>
    Slower,

    /// <summary>Still Inconclusive after the verdict's extensions, or the run gave no verdict.</summary>
    CannotTell,

    /// <summary>One of the two commits does not build (<see cref="BisectStep.Unbuildable"/> says which).</summary>
    Unbuildable,
}

/// <summary>One comparison's outcome, with its ratio (later / earlier) and interval when it has one.</summary>
/// <param name="Outcome">What the comparison found.</param>
/// <param name="Detail">The verdict's figures or the reason there is none, as printed.</param>
/// <param name="Ratio">The later commit's time per call over the earlier one's.</param>
/// <param name="Lower">The lower end of the ratio's interval.</param>
/// <param name="Upper">The upper end of the ratio's interval.</param>
/// <param name="Unbuildable">The commit that does not build, when that is the outcome.</param>
/// <param name="Diagnosis">Where the later commit's time went against the earlier one's, when the comparison profiled both.</param>
internal sealed record BisectStep(StepOutcome Outcome, string Detail, double? Ratio = null, double? Lower = null, double? Upper = null, string? Unbuildable = null, string? Diagnosis = null);

/// <summary>A commit of the range.</summary>
internal sealed record BisectCommit(string Sha, string Subject, string Author, string? Parent = null)
{
    public string Short => Sha.Length > 10 ? Sha[..10] : Sha;
}

/// <summary>A comparison made, numbered in the order made.</summary>
internal sealed record BisectComparison(int Number, BisectCommit Later, BisectCommit Earlier, BisectStep Step, TimeSpan Took);

/// <summary>A commit slower than its parent.</summary>
internal sealed record BisectCulprit(BisectCommit Commit, BisectCommit Parent, BisectStep AgainstParent);

/// <summary>A commit the search went around, and why.</summary>
internal sealed record BisectSkip(BisectCommit Commit, string Reason);

/// <summary>How a search ended.</summary>
internal enum BisectConclusion
{
    /// <summary>At least one culprit was found.</summary>
    Found,

    /// <summary>The last commit is not slower than the first.</summary>
    NotReproducible,

    /// <summary>No culprit could be named: the endpoints or every step in between could not be told.</summary>
    CannotTell,
}

/// <summary>What a search found, with every comparison it made.</summary>
internal sealed record BisectResult(
    BisectConclusion Conclusion,
    IReadOnlyList<BisectCommit> Commits,
    IReadOnlyList<BisectCulprit> Culprits,
    IReadOnlyList<BisectSkip> Skipped,
    IReadOnlyList<BisectComparison> Comparisons,
    IReadOnlyList<string> Unresolved);

/// <summary>Judges a later commit's build against an earlier one's.</summary>
internal interface ICommitComparer
{
    Task<BisectStep> CompareAsync(BisectCommit later, BisectCommit earlier, CancellationToken cancellationToken);
}
