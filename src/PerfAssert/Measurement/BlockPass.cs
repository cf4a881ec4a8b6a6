using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Measurement;

/// <summary>What one pass of a block comparison found, per check, plus the block orders it used (for a reversed confirmation).</summary>
internal sealed class BlockPass(int checkCount)
{
    /// <summary>Block orders in sequence: <see langword="true"/> for ABBA, <see langword="false"/> for BAAB.</summary>
    public List<bool> Orders { get; } = [];

    public Interval[] Ratios { get; } = new Interval[checkCount];

    /// <summary>Each block's log-ratio, per check: the evidence.</summary>
    public List<double>[] LogRatios { get; } = Enumerable.Range(0, checkCount).Select(_ => new List<double>()).ToArray();

    public VerdictOutcome[] Outcomes { get; } = new VerdictOutcome[checkCount];

    public int Blocks => Orders.Count;

    public double SubjectNanosecondsPerOp { get; set; }

    public double PartnerNanosecondsPerOp { get; set; }

    public TimeSpan Elapsed { get; set; }

    /// <summary>Blocks during which this process's JIT compiled or promoted anything.</summary>
    public int JitActiveBlocks { get; set; }

    /// <summary>Each block's mean time per call of the subject (A), in order: the drift check reads them.</summary>
    public List<double> SubjectBlockNs { get; } = [];

    /// <summary>Each block's mean time per call of the partner (B), in order.</summary>
    public List<double> PartnerBlockNs { get; } = [];
}
