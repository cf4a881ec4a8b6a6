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
        Action<int>? beforeBlock = null, bool lookEarly = true)
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
            // A baseline-build comparison spreads its blocks over several process pairs: this picks the block's pair.
            beforeBlock?.Invoke(pass.Blocks);
            pass.Orders.Add(abba);
            await RunBlockAsync(abba ? [sideA, sideB, sideB, sideA] : [sideB, sideA, sideA, sideB], cancellationToken).ConfigureAwait(false);
            for (var c = 0; c < checks.Count; c++)
            {
                logRatios[c].Add(Math.Log(sideA.Statistic(checks[c].Statistic) / sideB.Statistic(b.MeanOnly ? LatencyStatistic.Mean : checks[c].Statistic)));
            }

            sideA.EndBlock();
            sideB.EndBlock();
            var final = pass.Blocks >= options.MaxBlocks || options.Clock.GetElapsedTime(started) >= options.MaxTimePerPass;
            // A pass that extends another runs to the end: stopping at an early look would leave its fresh processes a few
            // blocks beside the other pass's many, and the pooled verdict would rest on the old processes again.
            if ((lookEarly && pass.Blocks >= nextLook) || final)
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
        pass.SubjectBlockNanosecondsPerOp = sideA.GeometricMeanBlockNanosecondsPerOp;
        pass.PartnerBlockNanosecondsPerOp = sideB.GeometricMeanBlockNanosecondsPerOp;
        pass.Elapsed = options.Clock.GetElapsedTime(started);
        return pass;
    }

    /// <summary>
    /// Judges two passes of the same comparison as one: their blocks' log-ratios together, at a last look. A pass that ended
    /// Inconclusive is extended this way on fresh process pairs, so the verdict rests on more processes' luck, not only on
    /// more blocks of the same ones.
    /// </summary>
    public BlockPass Pool(BlockPass first, BlockPass extension, IReadOnlyList<RatioCheck> checks)
    {
        var pooled = new BlockPass(checks.Count);
        pooled.Orders.AddRange(first.Orders);
        pooled.Orders.AddRange(extension.Orders);
        for (var c = 0; c < checks.Count; c++)
        {
            pooled.LogRatios[c].AddRange(first.LogRatios[c]);
            pooled.LogRatios[c].AddRange(extension.LogRatios[c]);
        }

        Look(checks, pooled.LogRatios, new VerdictOutcome?[checks.Count], pooled, final: true);
        double Weighted(double a, double b) => (a * first.Blocks + b * extension.Blocks) / pooled.Blocks;
        double Geometric(double a, double b) => Math.Exp(Weighted(Math.Log(a), Math.Log(b)));
        pooled.SubjectNanosecondsPerOp = Weighted(first.SubjectNanosecondsPerOp, extension.SubjectNanosecondsPerOp);
        pooled.PartnerNanosecondsPerOp = Weighted(first.PartnerNanosecondsPerOp, extension.PartnerNanosecondsPerOp);
        pooled.SubjectBlockNanosecondsPerOp = Geometric(first.SubjectBlockNanosecondsPerOp, extension.SubjectBlockNanosecondsPerOp);
        pooled.PartnerBlockNanosecondsPerOp = Geometric(first.PartnerBlockNanosecondsPerOp, extension.PartnerBlockNanosecondsPerOp);
        pooled.Elapsed = first.Elapsed + extension.Elapsed;
        return pooled;
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
        private readonly List<double> _blockMeans = [];
        private double[] _buffer = [];
        private double _blockNs;
        private long _blockOps;
        private double _totalNs;
        private long _totalOps;

        public double PooledNanosecondsPerOp => _totalNs / _totalOps;

        /// <summary>
        /// The geometric mean over blocks of this side's time per call: the ratio of two sides' geometric means is the mean of
        /// the blocks' log-ratios, so it agrees with the blocks' ratio where a pooled mean is dragged by one stall and a median
        /// picks one of two process pairs' levels.
        /// </summary>
        public double GeometricMeanBlockNanosecondsPerOp =>
            _blockMeans.Count == 0 ? PooledNanosecondsPerOp : Math.Exp(_blockMeans.Average(Math.Log));

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
            if (_blockOps > 0)
            {
                _blockMeans.Add(_blockNs / _blockOps);
            }

            _blockNs = 0;
            _blockOps = 0;
            _calls.Clear();
        }
    }
}
