using PerfAssert.Baselines;

namespace PerfAssert.Measurement;

/// <summary>
/// How one process pair is run: which worker is launched, warmed and pinned first, and whether its first block samples
/// the working tree first (ABBA); its later blocks alternate, so each pair's blocks are balanced between the two orders.
/// </summary>
internal readonly record struct PairPlan(BuildSide First, bool WorkingTreeFirst)
{
    /// <summary>Whether the pair's block <paramref name="index"/> (from 0, within the pair) samples the working tree first.</summary>
    public bool WorkingTreeFirstIn(int index) => WorkingTreeFirst == (index % 2 == 0);

    /// <summary>The same pair with everything the other way round: the other worker first, the other block order first.</summary>
    public PairPlan Reversed() => new(First == BuildSide.Current ? BuildSide.Baseline : BuildSide.Current, !WorkingTreeFirst);
}

/// <summary>Pairs to start and measure next, and why (<see cref="BuildPairEvidence.Pass"/>).</summary>
internal sealed record PairRequest(string Pass, IReadOnlyList<PairPlan> Plans);

/// <summary>One pair as measured: how it was run and its blocks in order.</summary>
internal sealed record MeasuredPair(PairPlan Plan, IReadOnlyList<BuildBlockEvidence> Blocks, bool WarmupSettled = true, long JitCompiledDuringBlocks = 0, TimeSpan WarmupTime = default, string? WarmupUnsettled = null);
