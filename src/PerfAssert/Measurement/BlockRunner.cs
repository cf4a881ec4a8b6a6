using PerfAssert.Budgets;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.Measurement;

/// <summary>
/// Measures two warmed-up operations interleaved in blocks. A block runs A and B back to back in a random order, ABBA or
/// BAAB, so drift and position effects cancel, and yields one log-ratio per statistic: the unit of evidence. Looks at the
/// evidence after <see cref="PerfOptions.MinBlocks"/> blocks and each doubling, and stops as soon as every check is decided.
/// </summary>
internal sealed class BlockRunner(Sampler sampler, PerfOptions options)
{
    private const int MinCallsPerQuantile = 10;

    public async Task<BlockPass> RunPassAsync(
        ComparisonSide a, ComparisonSide b, IReadOnlyList<RatioCheck> checks, Random random, IReadOnlyList<bool>? reverseOf, CancellationToken cancellationToken,
        Action<int>? beforeBlock = null)
    {
        var perCall = checks.Any(c => c.Statistic != LatencyStatistic.Mean);
        var sideA = new SideBuffer(a, perCall);
        var sideB = new SideBuffer(b, perCall);
        var pass = new BlockPass(checks.Count);
        var logRatios = pass.LogRatios;
        var decided = new VerdictOutcome?[checks.Count];
        var started = options.Clock.GetTimestamp();
        var nextLook = options.MinBlocks;
        while (true)
        {
            var abba = reverseOf is not null && pass.Blocks < reverseOf.Count ? !reverseOf[pass.Blocks] : random.Next(2) == 0;
            // The calibration pass of a baseline-build comparison spreads its blocks over the process pairs: this picks the pair.
            beforeBlock?.Invoke(pass.Blocks);
            pass.Orders.Add(abba);
            var jitBefore = options.ReadJit();
            await RunBlockAsync(abba ? [sideA, sideB, sideB, sideA] : [sideB, sideA, sideA, sideB], cancellationToken).ConfigureAwait(false);
            if (options.ReadJit().ActiveSince(jitBefore))
            {
                pass.JitActiveBlocks++;
            }

            pass.SubjectBlockNs.Add(sideA.Statistic(LatencyStatistic.Mean));
            pass.PartnerBlockNs.Add(sideB.Statistic(LatencyStatistic.Mean));
            for (var c = 0; c < checks.Count; c++)
            {
                logRatios[c].Add(Math.Log(sideA.Statistic(checks[c].Statistic) / sideB.Statistic(b.MeanOnly ? LatencyStatistic.Mean : checks[c].Statistic)));
            }

            sideA.EndBlock();
            sideB.EndBlock();
            var final = pass.Blocks >= options.MaxBlocks || options.Clock.GetElapsedTime(started) >= options.MaxTimePerPass;
            if (pass.Blocks >= nextLook || final)
            {
                nextLook = Math.Min(nextLook * 2, options.MaxBlocks);
                if (Look(checks, logRatios, decided, pass, final))
                {
                    break;
                }
            }
        }

        pass.SubjectNanosecondsPerOp = sideA.PooledNanosecondsPerOp;
        pass.PartnerNanosecondsPerOp = sideB.PooledNanosecondsPerOp;
        pass.Elapsed = options.Clock.GetElapsedTime(started);
        return pass;
    }

    /// <summary>
    /// Runs up to <paramref name="maxBlocks"/> blocks with no looks (a baseline-build comparison looks over process pairs,
    /// after each group of them), stopping early only at <see cref="PerfOptions.MaxTimePerPass"/> and never before
    /// <paramref name="minBlocks"/>. Before each block, <paramref name="beforeBlock"/> gets its number in the pass, points the
    /// operations at its pair and says whether A goes first (ABBA) or B does (BAAB). Returns each block's mean time per call
    /// of both sides and its order.
    /// </summary>
    public async Task<IReadOnlyList<(double ANanosecondsPerOp, double BNanosecondsPerOp, bool AFirst)>> RunBlocksAsync(
        ComparisonSide a, ComparisonSide b, int minBlocks, int maxBlocks, Func<int, bool> beforeBlock, CancellationToken cancellationToken)
    {
        var sideA = new SideBuffer(a, perCall: false);
        var sideB = new SideBuffer(b, perCall: false);
        var blocks = new List<(double, double, bool)>(maxBlocks);
        var started = options.Clock.GetTimestamp();
        while (blocks.Count < maxBlocks && (blocks.Count < minBlocks || options.Clock.GetElapsedTime(started) < options.MaxTimePerPass))
        {
            var abba = beforeBlock(blocks.Count);
            await RunBlockAsync(abba ? [sideA, sideB, sideB, sideA] : [sideB, sideA, sideA, sideB], cancellationToken).ConfigureAwait(false);
            blocks.Add((sideA.Statistic(LatencyStatistic.Mean), sideB.Statistic(LatencyStatistic.Mean), abba));
            sideA.EndBlock();
            sideB.EndBlock();
        }

        return blocks;
    }

    private bool Look(IReadOnlyList<RatioCheck> checks, List<double>[] logRatios, VerdictOutcome?[] decided, BlockPass pass, bool final)
    {
        var all = true;
        for (var c = 0; c < checks.Count; c++)
        {
            if (decided[c] is not null)
            {
                continue;
            }

            var ratio = HodgesLehmann.Estimate(logRatios[c], options.ConfidenceLevel).Map(Math.Exp);
            decided[c] = RatioDecision.Decide(ratio, checks[c].Limit, options, final);
            pass.Ratios[c] = ratio;
            if (decided[c] is { } outcome)
            {
                pass.Outcomes[c] = outcome;
            }
            else
            {
                all = false;
            }
        }

        return all;
    }

    private async Task RunBlockAsync(SideBuffer[] order, CancellationToken cancellationToken)
    {
        foreach (var side in order)
        {
            cancellationToken.ThrowIfCancellationRequested();
            await side.SampleAsync(sampler, cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Collects one side's timings within a block (two samples) and over the whole pass.</summary>
    private sealed class SideBuffer(ComparisonSide side, bool perCall)
    {
        private readonly bool _perCall = perCall && !side.MeanOnly;
        private readonly List<double> _calls = [];
        private double[] _buffer = [];
        private double _blockNs;
        private long _blockOps;
        private double _totalNs;
        private long _totalOps;

        public double PooledNanosecondsPerOp => _totalNs / _totalOps;

        public async ValueTask SampleAsync(Sampler sampler, CancellationToken cancellationToken)
        {
            if (side.UntimedCalls > 0)
            {
                await sampler.RunAsync(side.Operation, side.UntimedCalls, cancellationToken).ConfigureAwait(false);
            }

            double ns;
            long ops;
            if (_perCall)
            {
                // A quantile over a handful of calls is meaningless: per-call samples take at least a few calls.
                ops = Math.Max(side.OpsPerSample, MinCallsPerQuantile);
                if (_buffer.Length != ops)
                {
                    _buffer = new double[ops];
                }

                await sampler.TimeCallsAsync(side.Operation, _buffer, cancellationToken).ConfigureAwait(false);
                _calls.AddRange(_buffer);
                ns = _buffer.Sum();
            }
            else
            {
                ops = side.OpsPerSample;
                ns = (await sampler.TimeBatchAsync(side.Operation, ops, cancellationToken).ConfigureAwait(false)) * sampler.NanosecondsPerTick;
            }

            _blockNs += ns;
            _blockOps += ops;
            _totalNs += ns;
            _totalOps += ops;
        }

        public double Statistic(LatencyStatistic statistic)
        {
            if (statistic == LatencyStatistic.Mean || !_perCall)
            {
                return _blockNs / _blockOps;
            }

            var sorted = _calls.ToArray();
            Array.Sort(sorted);
            return Quantiles.OfSorted(sorted, statistic switch
            {
                LatencyStatistic.Median => 0.5,
                LatencyStatistic.P95 => 0.95,
                _ => 0.99,
            });
        }

        public void EndBlock()
        {
            _blockNs = 0;
            _blockOps = 0;
            _calls.Clear();
        }
    }
}
