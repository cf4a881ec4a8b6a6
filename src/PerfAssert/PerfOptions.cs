using PerfAssert.Diagnosis;
using PerfAssert.Measurement;

namespace PerfAssert;

/// <summary>
/// How a performance test measures and decides. Every property documents its default; <see cref="Validate"/>
/// runs before any measuring starts and names the setting that is out of range.
/// </summary>
public sealed record PerfOptions
{
    /// <summary>How long one sample (a batch of operations timed together) should take, so it dwarfs the timer's resolution.
    /// <value>The default is 2 ms.</value></summary>
    public TimeSpan TargetSampleTime { get; init; } = TimeSpan.FromMilliseconds(2);

    /// <summary>The most time warm-up may take before measuring starts, even if timings or the JIT have not settled (a
    /// reference-build comparison's workers have <see cref="BuildMaxWarmupTime"/> instead).
    /// <value>The default is 3 seconds; warm-up usually ends well before, once it has settled.</value></summary>
    public TimeSpan MaxWarmupTime { get; init; } = TimeSpan.FromSeconds(3);

    /// <summary>Where the runtime does not report its promotion queue (a worker process, a runtime without the tiering
    /// events), how long the JIT must have compiled and promoted nothing, anywhere in the process that runs the code, before
    /// warm-up may end; it must also have been quiet for 64 calls. Where it does, warm-up waits instead for the queue to drain
    /// and for 64 calls after it did. Either way the runtime's call-counting delay must be over (read from its
    /// tiered-compilation events). A fresh process keeps compiling and promoting for seconds, and timings taken meanwhile
    /// can be several times the steady ones. <see cref="TimeSpan.Zero"/> leaves the JIT out of warm-up.
    /// <value>The default is 100 ms.</value></summary>
    public TimeSpan JitQuietTime { get; init; } = TimeSpan.FromMilliseconds(100);

    /// <summary>The number of blocks at the first look of a relative comparison; later looks double it.
    /// <value>The default is 8.</value></summary>
    public int MinBlocks { get; init; } = 8;

    /// <summary>The number of blocks after which a relative comparison stops looking and reports what it has.
    /// <value>The default is 64.</value></summary>
    public int MaxBlocks { get; init; } = 64;

    /// <summary>The most time one pass of a relative comparison may take (a confirmation is a second pass).
    /// <value>The default is 15 seconds.</value></summary>
    public TimeSpan MaxTimePerPass { get; init; } = TimeSpan.FromSeconds(15);

    /// <summary>The two-sided confidence level of the interval at each look. Each look spends part of the error budget,
    /// and a regression must also be confirmed by a second pass. <value>The default is 0.99.</value></summary>
    public double ConfidenceLevel { get; init; } = 0.99;

    /// <summary>The smallest relative effect the verdict claims to resolve: a ratio within <c>budget x (1 + NoiseFloor)</c>
    /// is never a regression, and a pass needs the whole interval below it. <value>The default is 0.01 (1%).</value></summary>
    public double NoiseFloor { get; init; } = 0.01;

    /// <summary>A pass whose whole interval lies below <c>budget x ImprovementMark</c> is reported as Improved, suggesting a tighter
    /// budget. <value>The default is 0.90.</value></summary>
    public double ImprovementMark { get; init; } = 0.90;

    /// <summary>Whether a regression must be confirmed by a second pass in reversed order before it fails. Against the
    /// reference build, only a Regression whose interval reaches into the noise floor above the budget is, unless
    /// <see cref="BuildConfirmClearRegressions"/> is set. <value>The default is <see langword="true"/>.</value></summary>
    public bool ConfirmRegressions { get; init; } = true;

    /// <summary>Whether an Inconclusive verdict fails the test (for release branches). <value>The default is <see langword="false"/>:
    /// Inconclusive is a warning.</value></summary>
    public bool Strict { get; init; }

    /// <summary>The most time the per-call percentile phase (<c>WithPercentiles</c>) may take; it stops at its call count or this,
    /// whichever comes first, but always times at least 10 calls. <value>The default is 1 second.</value></summary>
    public TimeSpan PercentileTime { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>How many repeats of the allocation measurement count; the smallest figure counts, because background work only
    /// ever adds bytes. Repeats during which the JIT compiled a method do not count (see <see cref="AllocationSettleTime"/>).
    /// <value>The default is 5.</value></summary>
    public int AllocationRepeats { get; init; } = 5;

    /// <summary>The number of operations per allocation repeat when they fit in <see cref="AllocationRepeatTime"/> (never fewer than
    /// one sample's worth). <value>The default is 1,000.</value></summary>
    public int MinAllocationOps { get; init; } = 1000;

    /// <summary>How long one allocation repeat may take before it uses fewer than <see cref="MinAllocationOps"/> operations.
    /// <value>The default is 200 ms.</value></summary>
    public TimeSpan AllocationRepeatTime { get; init; } = TimeSpan.FromMilliseconds(200);

    /// <summary>How long the allocation measurement keeps repeating while the JIT is still compiling methods, to find the
    /// <see cref="AllocationRepeats"/> repeats during which it compiled nothing; code that has not tiered up yet can allocate more
    /// than its optimized form (a loopback gRPC call measured 5% more when it was the first gRPC test in its process).
    /// Repeats that run with the JIT quiet end the measurement at once. <value>The default is 10 seconds.</value></summary>
    public TimeSpan AllocationSettleTime { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>How many methods the JIT has compiled so far in the process; a fake in tests.</summary>
    internal Func<long> CompiledMethodCount { get; init; } = static () => System.Runtime.JitInfo.GetCompiledMethodCount(currentThread: false);

    /// <summary>What the runtime's tiered-compilation events have said in this process; a fake in tests.</summary>
    internal Func<TieringReading> Tiering { get; init; } = TieringMonitor.Read;

    /// <summary>The call-counting delay in force in this process; set in tests.</summary>
    internal TimeSpan CallCountingDelay { get; init; } = Environments.TieringSettings.Current.EffectiveCallCountingDelay;

    /// <summary>The JIT's state in this process: compiled methods, tiering events and the call-counting delay.</summary>
    internal JitReading ReadJit() => JitReading.Of(CompiledMethodCount(), Tiering(), CallCountingDelay);

    /// <summary>The most time one sample may take before the operation counts as hung and the run fails.
    /// <value>The default is 30 seconds.</value></summary>
    public TimeSpan OperationTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>The largest spread of the calibration workload's timings, as (P75 - P25) / median, before the machine counts as too
    /// unstable to judge and verdicts become Invalid. <value>The default is 0.5.</value></summary>
    public double MaxCalibrationSpread { get; init; } = 0.5;

    /// <summary>The seed of the random block order, for reproducible runs. <value>The default is <see langword="null"/>: a new seed
    /// each run, printed with the result.</value></summary>
    public int? Seed { get; init; }

    /// <summary>The workload that normalizes absolute latencies and checks the machine is steady.
    /// <value>The default is <see cref="CalibrationWorkload.Operation"/>, a fixed ~10 us CPU-bound loop.</value></summary>
    public Operation Calibration { get; init; } = CalibrationWorkload.Operation;

    /// <summary>
    /// When a verdict profiles both sides afterwards to say where they differ: against the reference build, three fresh pairs,
    /// each worker recorded with EventPipe for <see cref="DiagnosisTime"/>; compared with a partner in one process, the
    /// subject and the partner in turn in this process, three rounds of <see cref="DiagnosisTime"/> each (with
    /// PerfAssert.Hosting's recorder). The recording's timings never count towards the verdict. The setting
    /// <c>PERFASSERT_DIAGNOSE</c> (<c>regression</c>, <c>always</c> or <c>never</c>) overrides it.
    /// <value>The default is <see cref="DiagnosisMode.OnRegression"/>: nothing is profiled on a passing verdict, nor on an advisory Regression.</value>
    /// </summary>
    public DiagnosisMode Diagnosis { get; init; } = DiagnosisMode.OnRegression;

    /// <summary>
    /// How long a diagnosis records each worker serving the measured call (each build's worker in each of its three pairs). At
    /// the profiler's one sample a millisecond, 1 s of a call that takes 50 us holds about 1,000 samples and 20,000 calls,
    /// so a method that differs by 10% of the call (5 us, about 100 samples, against a noise of their square root) stands
    /// out by ten standard errors in each pair, where the noise rule asks about four among a few hundred methods. A call of 1 ms gets 1,000 calls and
    /// as many samples: the same. Allocations are sampled about once per 100 KB, so a recording goes on past this time until
    /// the verdict's difference per call is expected to give about 30 reports (or CPU samples), and at most three times as
    /// long: a call of 1.6 ms that allocates 3 KB more (of 144 KB) is recorded for about 1,000 calls, 1.6 s.
    /// <value>The default is 1 second.</value>
    /// </summary>
    public TimeSpan DiagnosisTime { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>How many fresh worker process pairs a baseline-build verdict starts with (and a confirmation of a Regression
    /// adds, each run the other way round): which cores a process's threads land on and what its JIT did differ per process,
    /// so a pair is one observation of the ratio and the verdict's interval is over pairs. <value>The default is 2.</value></summary>
    public int BuildPairs { get; init; } = 2;

    /// <summary>The most time the workers of a baseline-build comparison may take to warm up, for every two
    /// <see cref="BuildPairs"/>: they are warmed together, one sample each in turn, while their JITs promote code side by
    /// side. Fresh workers run with dynamic PGO, as production does, so hot code passes an instrumented tier before it is
    /// optimized: on two cores two pairs of small ASP.NET Core workers settled after 3.0 s (median; 3.2 s at the 95th
    /// percentile), so the 3 s that suffice in-process cut most of them short.
    /// <value>The default is 5 seconds; warm-up ends as soon as every worker has settled.</value></summary>
    public TimeSpan BuildMaxWarmupTime { get; init; } = TimeSpan.FromSeconds(5);

    /// <summary>How many more fresh worker process pairs a baseline-build verdict (the first pairs, or the confirmation)
    /// measures when its pairs so far are Inconclusive, judging them all together (up to <see cref="BuildExtensions"/> times).
    /// A change near the budget then rests on more processes, where a clear one still costs only the first pairs; 0 turns it
    /// off. <value>The default is 2.</value></summary>
    public int BuildExtensionPairs { get; init; } = 2;

    /// <summary>How many times a baseline-build verdict that is still Inconclusive measures <see cref="BuildExtensionPairs"/>
    /// more pairs and judges them together with the ones before (and as many times again for the confirmation of a
    /// Regression). Each extension is a group of fresh workers (start, warm-up, blocks: a few seconds), or of pairs an earlier
    /// verdict left warm (<c>ServiceBuildsOptions.ReuseWarmPairs</c>).
    /// <value>The default is 2.</value></summary>
    public int BuildExtensions { get; init; } = 2;

    /// <summary>Whether a baseline-build Regression that is clear of the noise floor (its whole interval above
    /// <c>budget x (1 + NoiseFloor)</c>) is still confirmed on reversed pairs before it fails. By default only a Regression
    /// whose interval reaches into that band, where a change exactly at the budget can land, is confirmed; a clear one is
    /// decided by the first pairs (with <see cref="ConfirmRegressions"/> off, none is confirmed).
    /// <value>The default is <see langword="false"/>.</value></summary>
    public bool BuildConfirmClearRegressions { get; init; }

    /// <summary>How many blocks a baseline-build verdict measures per group of <see cref="BuildPairs"/> pairs: each pair gets
    /// <c>BuildMaxBlocks / BuildPairs</c> blocks (an extension or replacement pair as many), taken in turn with the group's
    /// other pairs, with no look until the group is done (the verdict looks over pairs, not blocks);
    /// <see cref="MaxTimePerPass"/> may stop a group sooner. A block of two workers costs a few milliseconds, so each pair's
    /// own scatter is small beside the spread between pairs. <value>The default is 256.</value></summary>
    public int BuildMaxBlocks { get; init; } = 256;

    /// <summary>
    /// How far apart fresh process pairs of the same two builds land beyond what their own blocks' scatter explains: the
    /// standard deviation, in log-ratio units (0.02 is about 2%), of the between-pair effect on a machine of this class
    /// (which cores a process's threads land on, what its JIT did). A baseline-build verdict treats each pair as one
    /// observation, and with a handful of pairs their own spread says little; it is pooled with this figure, weighted as
    /// <see cref="BuildPairSpreadWeight"/> pairs' worth (see docs/verdict-quality.md). Measure it on your machine class with
    /// <c>tools/BaselineBuildQuality --dump</c> and replay settings over what you recorded with <c>--replay</c>.
    /// <value>The default is 0.015: a 2-core linux-x64 runner measured 0.009 to 0.012 over 238 A/A pairs (2026-11-26), and
    /// replayed over those pairs 0.015 kept 998 to 1,000 of 1,000 intervals true where 0.01 kept 984 to 994.</value></summary>
    public double BuildPairSpread { get; init; } = 0.015;

    /// <summary>
    /// How many degrees of freedom <see cref="BuildPairSpread"/> counts for when it is pooled with the spread of a verdict's
    /// own pairs: the pooled spread is <c>(w x prior^2 + (k - 1) x s^2) / (w + k - 1)</c> for k pairs whose estimates spread
    /// by s, and its t-interval has <c>w + k - 1</c> degrees of freedom. 0 trusts only the verdict's own pairs (a plain
    /// t-interval over pairs, very wide with two or three). <value>The default is 10.</value></summary>
    public int BuildPairSpreadWeight { get; init; } = 10;

    /// <summary>The clock every timing comes from. <value>The default is <see cref="TimeProvider.System"/>.</value></summary>
    public TimeProvider Clock { get; init; } = TimeProvider.System;

    /// <summary>Checks every setting and throws <see cref="ArgumentOutOfRangeException"/> naming the first one out of range.</summary>
    public void Validate()
    {
        Positive(TargetSampleTime, nameof(TargetSampleTime));
        Positive(MaxWarmupTime, nameof(MaxWarmupTime));
        Positive(BuildMaxWarmupTime, nameof(BuildMaxWarmupTime));
        Positive(DiagnosisTime, nameof(DiagnosisTime));
        NonNegative(JitQuietTime, nameof(JitQuietTime));
        Positive(MaxTimePerPass, nameof(MaxTimePerPass));
        Positive(OperationTimeout, nameof(OperationTimeout));
        Positive(AllocationRepeatTime, nameof(AllocationRepeatTime));
        NonNegative(AllocationSettleTime, nameof(AllocationSettleTime));
        Positive(PercentileTime, nameof(PercentileTime));
        if (MinBlocks < 4)
        {
            throw new ArgumentOutOfRangeException(nameof(MinBlocks), MinBlocks, $"{nameof(PerfOptions)}.{nameof(MinBlocks)} must be at least 4.");
        }

        if (MaxBlocks < MinBlocks || MaxBlocks > 1024)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxBlocks), MaxBlocks, $"{nameof(PerfOptions)}.{nameof(MaxBlocks)} must be between {nameof(MinBlocks)} ({MinBlocks}) and 1024.");
        }

        Fraction(ConfidenceLevel, nameof(ConfidenceLevel), 0.5, 0.99999);
        Fraction(NoiseFloor, nameof(NoiseFloor), 0, 0.5);
        Fraction(ImprovementMark, nameof(ImprovementMark), 0.01, 1);
        Fraction(MaxCalibrationSpread, nameof(MaxCalibrationSpread), 0.01, 100);
        if (AllocationRepeats is < 1 or > 100)
        {
            throw new ArgumentOutOfRangeException(nameof(AllocationRepeats), AllocationRepeats, $"{nameof(PerfOptions)}.{nameof(AllocationRepeats)} must be between 1 and 100.");
        }

        if (MinAllocationOps < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MinAllocationOps), MinAllocationOps, $"{nameof(PerfOptions)}.{nameof(MinAllocationOps)} must be at least 1.");
        }

        if (BuildMaxBlocks < MinBlocks || BuildMaxBlocks > 4096)
        {
            throw new ArgumentOutOfRangeException(nameof(BuildMaxBlocks), BuildMaxBlocks, $"{nameof(PerfOptions)}.{nameof(BuildMaxBlocks)} must be between {nameof(MinBlocks)} ({MinBlocks}) and 4096.");
        }

        if (BuildPairs is < 1 or > 32)
        {
            throw new ArgumentOutOfRangeException(nameof(BuildPairs), BuildPairs, $"{nameof(PerfOptions)}.{nameof(BuildPairs)} must be between 1 and 32.");
        }

        if (BuildExtensionPairs is < 0 or > 32)
        {
            throw new ArgumentOutOfRangeException(nameof(BuildExtensionPairs), BuildExtensionPairs, $"{nameof(PerfOptions)}.{nameof(BuildExtensionPairs)} must be between 0 and 32.");
        }

        if (BuildExtensions is < 0 or > 16)
        {
            throw new ArgumentOutOfRangeException(nameof(BuildExtensions), BuildExtensions, $"{nameof(PerfOptions)}.{nameof(BuildExtensions)} must be between 0 and 16.");
        }

        Fraction(BuildPairSpread, nameof(BuildPairSpread), 0, 1);
        if (BuildPairSpreadWeight is < 0 or > 10_000)
        {
            throw new ArgumentOutOfRangeException(nameof(BuildPairSpreadWeight), BuildPairSpreadWeight, $"{nameof(PerfOptions)}.{nameof(BuildPairSpreadWeight)} must be between 0 and 10000.");
        }

        ArgumentNullException.ThrowIfNull(Clock, nameof(Clock));
        ArgumentNullException.ThrowIfNull(Calibration, nameof(Calibration));
    }

    private static void Positive(TimeSpan value, string name)
    {
        if (value <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(name, value, $"{nameof(PerfOptions)}.{name} must be positive.");
        }
    }

    private static void NonNegative(TimeSpan value, string name)
    {
        if (value < TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(name, value, $"{nameof(PerfOptions)}.{name} must not be negative.");
        }
    }

    private static void Fraction(double value, string name, double min, double max)
    {
        if (double.IsNaN(value) || value < min || value > max)
        {
            throw new ArgumentOutOfRangeException(name, value, $"{nameof(PerfOptions)}.{name} must be between {min} and {max}.");
        }
    }
}
