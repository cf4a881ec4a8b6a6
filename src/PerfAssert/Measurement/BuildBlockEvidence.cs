namespace PerfAssert.Measurement;

/// <summary>One interleaved block of a process pair: both builds' mean time per call in it, and which of them went first.</summary>
public sealed record BuildBlockEvidence
{
    /// <summary>The block's number within its pass (blocks take the pass's pairs in turn), from 0.</summary>
    public required int PassBlock { get; init; }

    /// <summary>Whether the working tree was sampled first (ABBA) or the reference build was (BAAB).</summary>
    public required bool WorkingTreeFirst { get; init; }

    /// <summary>The working tree's mean nanoseconds per call in this block.</summary>
    public required double WorkingTreeNs { get; init; }

    /// <summary>The reference build's mean nanoseconds per call in this block.</summary>
    public required double BaselineNs { get; init; }
}
