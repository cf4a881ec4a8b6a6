using PerfAssert.Baselines;
using PerfAssert.Measurement;

namespace PerfAssert.Tests.Support;

/// <summary>
/// Process pairs of two builds simulated at the level the verdict sees them, seeded: each pair has a random effect on the
/// log-ratio (normal, <see cref="PairSpread"/>), each block adds its own scatter (normal, <see cref="BlockSpread"/>), the
/// worker started first may run faster, a few blocks may be timed across a stall (<see cref="StallChance"/>) (<see cref="FirstStartedAdvantage"/>), and one pair may land far off
/// (<see cref="FarOffPairs"/>). Thousands of verdicts take well under a second.
/// </summary>
internal sealed class PairSimulator(int seed, double trueRatio)
{
    private readonly Random _random = new(seed);
    private int _pairs;

    /// <summary>The standard deviation of a pair's effect on the log-ratio. The default is 0.02.</summary>
    public double PairSpread { get; init; } = 0.02;

    /// <summary>The standard deviation of one block's log-ratio around its pair's. The default is 0.03.</summary>
    public double BlockSpread { get; init; } = 0.03;

    /// <summary>
    /// The share of blocks timed across a stall of one side: their log-ratio moves by 0.5 to 2.8 either way (what a loaded
    /// 2-core machine showed: a few blocks in 128). The default is 0.
    /// </summary>
    public double StallChance { get; init; }

    /// <summary>How much faster (log units) the worker launched, warmed and pinned first runs. The default is 0.</summary>
    public double FirstStartedAdvantage { get; init; }

    /// <summary>The numbers (from 0, in the order pairs are measured) of the pairs that land <see cref="FarOffBy"/> away. The default is none.</summary>
    public IReadOnlyCollection<int> FarOffPairs { get; init; } = [];

    /// <summary>How far (log units) the far-off pairs land. The default is -0.15.</summary>
    public double FarOffBy { get; init; } = -0.15;

    /// <summary>Runs one verdict to its end, measuring whatever the judge asks for.</summary>
    public PairVerdict Judge(PerfOptions options, double limit, int blocksPerPair = 128)
    {
        var judge = new PairJudge(options, limit, new Random(_random.Next()));
        while (judge.Next is { } request)
        {
            judge.Add(Measure(request, blocksPerPair));
        }

        return judge.Result;
    }

    public IReadOnlyList<MeasuredPair> Measure(PairRequest request, int blocksPerPair)
    {
        var k = request.Plans.Count;
        return request.Plans.Select((plan, p) =>
        {
            var effect = Math.Log(trueRatio) + (PairSpread * Gaussian()) + (plan.First == BuildSide.Current ? -FirstStartedAdvantage : FirstStartedAdvantage);
            if (FarOffPairs.Contains(_pairs++))
            {
                effect += FarOffBy;
            }

            var blocks = Enumerable.Range(0, blocksPerPair).Select(j =>
            {
                var baseline = 100_000 * Math.Exp(0.05 * Gaussian());
                var stall = _random.NextDouble() < StallChance ? (_random.Next(2) == 0 ? -1 : 1) * (0.5 + (2.3 * _random.NextDouble())) : 0;
                return new BuildBlockEvidence
                {
                    PassBlock = (j * k) + p,
                    WorkingTreeFirst = plan.WorkingTreeFirstIn(j),
                    BaselineNs = baseline,
                    WorkingTreeNs = baseline * Math.Exp(effect + (BlockSpread * Gaussian()) + stall),
                };
            }).ToList();
            return new MeasuredPair(plan, blocks);
        }).ToList();
    }

    private double Gaussian() => Math.Sqrt(-2 * Math.Log(1 - _random.NextDouble())) * Math.Cos(2 * Math.PI * _random.NextDouble());
}
