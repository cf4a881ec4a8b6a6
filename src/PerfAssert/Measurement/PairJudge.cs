using System.Globalization;
using PerfAssert.Baselines;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Measurement;

/// <summary>
/// Decides a baseline-build comparison over process pairs, the pair being the unit of evidence (<see cref="PairInterval"/>),
/// and says which pairs to measure next: <see cref="PerfOptions.BuildPairs"/> first; when they are Inconclusive,
/// <see cref="PerfOptions.BuildExtensionPairs"/> more, judged together with them, and again while they stay Inconclusive,
/// up to <see cref="PerfOptions.BuildExtensions"/> times. A Regression whose interval clears the budget plus the noise floor
/// is decided; one whose interval reaches into that band (where a change exactly at the budget lands when it fails) is
/// confirmed on as many new pairs as the first pass had, each run the other way round (the other worker first, the other
/// block order first), judged together with every pair before them (and extended the same way when that is
/// Inconclusive). With four pairs or more, one whose estimate lies far from the others' is dropped, said so in the
/// verdict, and replaced once by a fresh pair.
/// Looks happen after each group of pairs, never within one, so a look never rests on a few blocks of the same processes.
/// Knows nothing of processes or clocks: <see cref="BuildComparer"/> measures what <see cref="Next"/> asks for, and
/// tests feed it simulated pairs.
/// </summary>
internal sealed class PairJudge
{
    public const string First = "first";
    public const string Extension = "extension";
    public const string Replacement = "replacement";
    public const string Confirmation = "confirmation";
    public const string ConfirmationExtension = "confirmation extension";

    private readonly PerfOptions _options;
    private readonly Func<double, double> _limit;
    private readonly Random _random;
    private readonly List<(MeasuredPair Measured, string Pass)> _pairs = [];
    private readonly HashSet<int> _dropped = [];
    private string _phase = First;
    private Interval? _firstRatio;
    private VerdictOutcome? _firstOutcome;
    private PairEstimate? _latest;

    public PairJudge(PerfOptions options, double limit, Random random)
        : this(options, _ => limit, random)
    {
    }

    /// <summary>
    /// A judge whose budget depends on how fast the reference build runs in this run: <paramref name="limit"/> is given the
    /// reference build's time per call (nanoseconds, geometric mean over the blocks of the pairs in use) at each look
    /// (<see cref="BuildJudge.LatencyLimit"/>).
    /// </summary>
    public PairJudge(PerfOptions options, Func<double, double> limit, Random random)
    {
        _options = options;
        _limit = limit;
        _random = random;
        Next = new PairRequest(First, Balanced(options.BuildPairs));
    }

    /// <summary>The pairs to measure next, or <see langword="null"/> when the verdict is decided (<see cref="Result"/>).</summary>
    public PairRequest? Next { get; private set; }

    /// <summary>The verdict, once <see cref="Next"/> is <see langword="null"/>.</summary>
    public PairVerdict Result => Next is null && _latest is not null ? Verdict() : throw new InvalidOperationException("The verdict needs more pairs: measure what Next asks for.");

    /// <summary>Adds the pairs measured for <see cref="Next"/> and decides what comes next.</summary>
    public void Add(IReadOnlyList<MeasuredPair> measured)
    {
        ArgumentNullException.ThrowIfNull(measured);
        var request = Next ?? throw new InvalidOperationException("The verdict is decided; no more pairs are needed.");
        if (measured.Count != request.Plans.Count || measured.Any(m => m.Blocks.Count == 0))
        {
            throw new ArgumentException($"{request.Plans.Count} pairs with blocks were asked for, {measured.Count} came.", nameof(measured));
        }

        _pairs.AddRange(measured.Select(m => (m, request.Pass)));
        Next = null;
        _latest = Estimate();
        if (_dropped.Count == 0 && PairInterval.Outlier(Active().Select(p => LogRatios(p.Measured)).ToList(), _options.BuildPairSpread) is var outlier and >= 0)
        {
            _dropped.Add(ActiveIndexes().ElementAt(outlier));
            _latest = Estimate();
            Next = new PairRequest(Replacement, Balanced(1));
            return;
        }

        var outcome = Outcome(_latest);
        var extension = _options.BuildExtensionPairs;
        var extend = outcome == VerdictOutcome.Inconclusive && extension > 0 && ExtensionsIn(_phase) < _options.BuildExtensions;
        switch (_phase)
        {
            case First or Extension when extend:
                _phase = Extension;
                Next = new PairRequest(Extension, Balanced(extension));
                break;
            case First or Extension:
                _firstRatio = Ratio(_latest);
                _firstOutcome = outcome;
                if (outcome == VerdictOutcome.Regression && NeedsConfirmation(_firstRatio.Value))
                {
                    _phase = Confirmation;
                    Next = new PairRequest(Confirmation, Mirrored());
                }

                break;
            case Confirmation or ConfirmationExtension when extend:
                _phase = ConfirmationExtension;
                Next = new PairRequest(ConfirmationExtension, Balanced(extension));
                break;
        }
    }

    /// <summary>
    /// Whether a Regression of the first pairs is confirmed: with <see cref="PerfOptions.ConfirmRegressions"/> on, when its
    /// interval reaches below <c>budget x (1 + NoiseFloor)</c> (a change at the budget lands there when it fails), or always
    /// with <see cref="PerfOptions.BuildConfirmClearRegressions"/>.
    /// </summary>
    private bool NeedsConfirmation(Interval ratio) =>
        _options.ConfirmRegressions && (_options.BuildConfirmClearRegressions || ratio.Lower <= RatioDecision.Tolerated(Limit(), _options));

    /// <summary>How many extensions the phase has had: of the first pass, or of the confirmation.</summary>
    private int ExtensionsIn(string phase)
    {
        var extension = phase is Confirmation or ConfirmationExtension ? ConfirmationExtension : Extension;
        return _pairs.Count(p => p.Pass == extension) / _options.BuildExtensionPairs;
    }

    private PairVerdict Verdict()
    {
        var ratio = Ratio(_latest!);
        var outcome = Outcome(_latest!);
        var confirming = _phase is Confirmation or ConfirmationExtension;
        string? reason = null;
        if (confirming && outcome != VerdictOutcome.Regression)
        {
            reason = string.Create(CultureInfo.InvariantCulture,
                $"the first pairs measured {VerdictFormatter.Number(_firstRatio!.Value.Estimate)} [{VerdictFormatter.Number(_firstRatio.Value.Lower)}, {VerdictFormatter.Number(_firstRatio.Value.Upper)}] over budget, but judged together with the confirmation's reversed pairs it is not");
            outcome = VerdictOutcome.Inconclusive;
        }

        var evidence = _pairs.Select((p, i) => Evidence(p.Measured, p.Pass, i)).ToList();
        var used = evidence.Where(e => !e.Dropped).ToList();
        var confirmationPairs = used.Count(e => e.Pass is Confirmation or ConfirmationExtension);
        var pairsText = confirmationPairs == 0 ? Plural(used.Count, "pair") : $"{used.Count - confirmationPairs} + {confirmationPairs} reversed pairs";
        var blocks = used.Sum(e => e.Blocks.Count);
        var dropped = evidence.Where(e => e.Dropped).ToList();
        if (dropped.Count > 0)
        {
            var others = used.Select(e => e.Ratio).ToList();
            var drop = string.Join(", ", dropped.Select(d => string.Create(CultureInfo.InvariantCulture, $"pair {d.Pair + 1} ({d.Pass}) measured {VerdictFormatter.Number(d.Ratio)}")));
            var note = string.Create(CultureInfo.InvariantCulture,
                $"{drop}, far from the other pairs' {VerdictFormatter.Number(others.Min())}-{VerdictFormatter.Number(others.Max())}: dropped as an outlier and replaced by a fresh pair");
            reason = reason is null ? note : reason + "; " + note;
        }

        return new PairVerdict(
            ratio,
            outcome,
            Confirmed: confirming && outcome == VerdictOutcome.Regression,
            Evidence: $"{pairsText}, {Plural(blocks, "block")}{(dropped.Count > 0 ? $", {dropped.Count} dropped" : string.Empty)}",
            reason,
            evidence,
            GeometricMean(b => b.WorkingTreeNs),
            GeometricMean(b => b.BaselineNs),
            _firstOutcome);
    }

    private BuildPairEvidence Evidence(MeasuredPair measured, string pass, int index)
    {
        var clipped = PairInterval.Clipped(LogRatios(measured));
        var mean = clipped.Average();
        return new()
        {
            Pair = index,
            Pass = pass,
            First = measured.Plan.First,
            Ratio = Math.Exp(mean),
            BlockSpread = clipped.Count < 2 ? 0 : Math.Sqrt(clipped.Sum(x => (x - mean) * (x - mean)) / (clipped.Count - 1)),
            Dropped = _dropped.Contains(index),
            WarmupSettled = measured.WarmupSettled,
            JitCompiledDuringBlocks = measured.JitCompiledDuringBlocks,
            WarmupTime = measured.WarmupTime,
            WarmupUnsettled = measured.WarmupUnsettled,
            Blocks = measured.Blocks,
        };
    }

    private PairEstimate Estimate() =>
        PairInterval.Estimate(Active().Select(p => LogRatios(p.Measured)).ToList(), _options.BuildPairSpread, _options.BuildPairSpreadWeight, _options.ConfidenceLevel);

    private static Interval Ratio(PairEstimate estimate) => estimate.LogRatio.Map(Math.Exp);

    private VerdictOutcome Outcome(PairEstimate estimate) => RatioDecision.Decide(Ratio(estimate), Limit(), _options, finalLook: true)!.Value;

    /// <summary>The budget at the reference build's time per call over the pairs in use (as <see cref="Verdict"/> reports it).</summary>
    private double Limit() => _limit(GeometricMean(b => b.BaselineNs));

    /// <summary>One side's geometric mean time per call over the blocks of the pairs in use (those not dropped).</summary>
    private double GeometricMean(Func<BuildBlockEvidence, double> ns) => Math.Exp(Active().SelectMany(p => p.Measured.Blocks).Average(b => Math.Log(ns(b))));

    private IEnumerable<(MeasuredPair Measured, string Pass)> Active() => ActiveIndexes().Select(i => _pairs[i]);

    private IEnumerable<int> ActiveIndexes() => Enumerable.Range(0, _pairs.Count).Where(i => !_dropped.Contains(i));

    private static IReadOnlyList<double> LogRatios(MeasuredPair pair) => pair.Blocks.Select(b => Math.Log(b.WorkingTreeNs / b.BaselineNs)).ToList();

    /// <summary>
    /// Plans for <paramref name="count"/> pairs: the first pair's first worker and first block order drawn from the run's
    /// seed, the next pairs alternating both, so a group of two is balanced: an effect of going first cancels in its mean
    /// instead of biasing it (and shows up as spread between pairs).
    /// </summary>
    private List<PairPlan> Balanced(int count)
    {
        var plan = new PairPlan(_random.Next(2) == 0 ? BuildSide.Current : BuildSide.Baseline, _random.Next(2) == 0);
        var plans = new List<PairPlan>(count);
        for (var i = 0; i < count; i++)
        {
            plans.Add(i % 2 == 0 ? plan : plan.Reversed());
        }

        return plans;
    }

    /// <summary>The confirmation: the first pass's pairs (those measured before it, in order) each run the other way round.</summary>
    private List<PairPlan> Mirrored() =>
        _pairs.Where(p => p.Pass == First).Select(p => p.Measured.Plan.Reversed()).Take(_options.BuildPairs).ToList();

    private static string Plural(int count, string noun) => count == 1 ? $"1 {noun}" : string.Create(CultureInfo.InvariantCulture, $"{count:#,0} {noun}s");
}
