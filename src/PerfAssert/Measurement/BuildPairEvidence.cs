using PerfAssert.Baselines;

namespace PerfAssert.Measurement;

/// <summary>
/// One fresh process pair of a baseline-build verdict, as the results file keeps it so anyone can re-analyse the verdict:
/// which pass it belonged to, which worker was started, warmed and pinned first, its blocks in the order they ran, and
/// whether the verdict dropped it as an outlier.
/// </summary>
public sealed record BuildPairEvidence
{
    /// <summary>The pair's number within the verdict, from 0, in the order pairs were started.</summary>
    public required int Pair { get; init; }

    /// <summary>
    /// Why the pair was measured: <c>first</c>, <c>extension</c> (the pairs so far were Inconclusive), <c>replacement</c>
    /// (for a dropped outlier), <c>confirmation</c> (reversed orders, after a Regression) or <c>confirmation extension</c>.
    /// </summary>
    public required string Pass { get; init; }

    /// <summary>Which worker of the pair was launched, warmed and pinned first.</summary>
    public required BuildSide First { get; init; }

    /// <summary>
    /// The pair's estimate of the ratio (working tree over reference build), as the verdict used it: the geometric mean of
    /// its blocks' ratios, each block's log-ratio first clipped to three robust spreads of the pair's median.
    /// </summary>
    public required double Ratio { get; init; }

    /// <summary>The standard deviation of the pair's (clipped) block log-ratios: its own scatter, as the verdict used it.</summary>
    public double BlockSpread { get; init; }

    /// <summary>Whether the verdict left this pair out as an outlier (it was replaced by a fresh one).</summary>
    public bool Dropped { get; init; }

    /// <summary>Whether both workers' warm-ups settled (timings agreed, their JITs compiled and promoted nothing for a while
    /// and for enough calls, their call-counting delays over) before the pair was timed.</summary>
    public bool WarmupSettled { get; init; } = true;

    /// <summary>How long the pair's warm-up took: until its later worker settled, or until the warm-up time ran out.</summary>
    public TimeSpan WarmupTime { get; init; }

    /// <summary>Why a worker's warm-up did not settle (the first of the two that did not), or null when both did.</summary>
    public string? WarmupUnsettled { get; init; }

    /// <summary>Methods the two workers' JITs compiled (any tier) while the pair's blocks ran: a few are a timer's or a rare
    /// path's first calls; promotion of the timed code compiles dozens to hundreds.</summary>
    public long JitCompiledDuringBlocks { get; init; }

    /// <summary>The pair's blocks, in the order they ran within it.</summary>
    public required IReadOnlyList<BuildBlockEvidence> Blocks { get; init; }
}
