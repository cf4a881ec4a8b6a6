using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// One block of the comparison of PerfAssert's load worker with wrk on one endpoint: which generator loaded it, in which
/// round, the correct answers per second, and the CPU time per request of the generator and of the service over the block.
/// </summary>
public sealed record DriverBlock(int Round, bool Ours, double RequestsPerSecond, long Requests, long Errors, double? GeneratorCpuUs, double? ServiceCpuUs);

/// <summary>
/// One endpoint loaded in rounds, each with blocks of ours and of wrk's close together, so a drift of the machine or the
/// service weighs on both alike. The round is the unit of evidence: its ratio is the geometric mean of its blocks of ours
/// over its blocks of wrk's, and the interval is over the rounds' ratios.
/// </summary>
/// <param name="Case">The endpoint's case name.</param>
/// <param name="Client">The client our worker sent through (<c>lean HTTP/1.1</c> on plain HTTP/1.1).</param>
/// <param name="Blocks">Every block, ours and wrk's, in the order run.</param>
/// <param name="WrkNon2xx">wrk's answers outside 2xx/3xx over all its blocks.</param>
/// <param name="WrkSocketErrors">wrk's socket errors (connect, read, write, timeout) over all its blocks.</param>
/// <param name="WrkProblem">Why wrk's blocks are missing, when they are.</param>
public sealed record DriverRun(string Case, string? Client, IReadOnlyList<DriverBlock> Blocks, long WrkNon2xx = 0, long WrkSocketErrors = 0, string? WrkProblem = null)
{
    /// <summary>The confidence level of the intervals.</summary>
    public const double ConfidenceLevel = 0.95;

    /// <summary>Correct answers per second, ours over wrk's, with its interval over the rounds; null without wrk's blocks.</summary>
    public Interval? Ratio => RoundsRatio(b => b.RequestsPerSecond);

    /// <summary>The service's CPU per request under ours over under wrk's, with its interval; null when not known.</summary>
    public Interval? ServiceCpuRatio => RoundsRatio(b => b.ServiceCpuUs);

    /// <summary>How far the rounds' rate ratios scatter about their mean: one standard deviation, relative; NaN with fewer than two rounds.</summary>
    public double RoundScatter
    {
        get
        {
            var rounds = Blocks.GroupBy(b => b.Round)
                .Where(r => r.Any(b => b.Ours) && r.Any(b => !b.Ours))
                .Select(r => r.Where(b => b.Ours).Average(b => Math.Log(b.RequestsPerSecond)) - r.Where(b => !b.Ours).Average(b => Math.Log(b.RequestsPerSecond)))
                .ToList();
            if (rounds.Count < 2)
            {
                return double.NaN;
            }

            var mean = rounds.Average();
            return Math.Exp(Math.Sqrt(rounds.Sum(r => (r - mean) * (r - mean)) / (rounds.Count - 1))) - 1;
        }
    }

    /// <summary>Correct answers per second over all of one generator's blocks.</summary>
    public double RequestsPerSecond(bool ours) => Mean(ours, b => b.RequestsPerSecond) ?? double.NaN;

    /// <summary>The mean over one generator's blocks of its CPU per request; null when not known.</summary>
    public double? GeneratorCpuUs(bool ours) => Mean(ours, b => b.GeneratorCpuUs);

    /// <summary>The mean over one generator's blocks of the service's CPU per request; null when not known.</summary>
    public double? ServiceCpuUs(bool ours) => Mean(ours, b => b.ServiceCpuUs);

    /// <summary>Our worker's errors (failed or wrong answers) over all its blocks.</summary>
    public long OurErrors => Blocks.Where(b => b.Ours).Sum(b => b.Errors);

    private double? Mean(bool ours, Func<DriverBlock, double?> value)
    {
        var values = Blocks.Where(b => b.Ours == ours).Select(value).ToList();
        return values.Count > 0 && values.All(v => v is > 0) ? values.Average(v => v!.Value) : null;
    }

    private Interval? RoundsRatio(Func<DriverBlock, double?> value)
    {
        var rounds = Blocks.GroupBy(b => b.Round).Select(round =>
        {
            var (ours, wrk) = (round.Where(b => b.Ours).Select(value).ToList(), round.Where(b => !b.Ours).Select(value).ToList());
            return ours.Count > 0 && wrk.Count > 0 && ours.Concat(wrk).All(v => v is > 0)
                ? ours.Average(v => Math.Log(v!.Value)) - wrk.Average(v => Math.Log(v!.Value))
                : (double?)null;
        }).ToList();
        if (rounds.Count < 2 || rounds.Any(r => r is null))
        {
            return null;
        }

        return PairInterval.Estimate([.. rounds.Select(r => (IReadOnlyList<double>)[r!.Value])], priorSpread: 0, priorWeight: 0, ConfidenceLevel).LogRatio.Map(Math.Exp);
    }
}
