using PerfAssert.Baselines;
using PerfAssert.Diagnosis;
using PerfAssert.Measurement;

namespace PerfAssert.Tests.Support;

/// <summary>
/// Two builds on a <see cref="ManualClock"/>: the measured call costs the selected build's time (with the synthetic
/// machine's noise) and adds its bytes to the selected worker's allocation counter. Counts the pairs it started.
/// </summary>
internal sealed class FakeBuilds(ManualClock clock, SyntheticOperation synthetic, double currentNs, double baselineNs, long currentBytes, long baselineBytes, string? unavailable = null) : IBaselineBuilds
{
    private readonly Operation _current = synthetic.Create("current", currentNs);
    private readonly Operation _baseline = synthetic.Create("baseline", baselineNs);
    private FakePair? _active;

    public string Description => "src/Fake/Fake.csproj";

    public ManualClock Clock => clock;

    public SyntheticOperation Synthetic => synthetic;

    public int PairsStarted => Pairs.Count;

    public int PairsStopped { get; private set; }

    public bool BaselineMeasured { get; private set; }

    /// <summary>Bytes a call of either build allocates once in every <see cref="OccasionalEvery"/> calls (a buffer that grows now and then).</summary>
    public long OccasionalBytes { get; init; }

    /// <summary>How many calls apart the <see cref="OccasionalBytes"/> land; 0 for never.</summary>
    public int OccasionalEvery { get; init; }

    /// <summary>How long each worker's JIT goes on compiling after its pair started (its count grows every millisecond till then).</summary>
    public TimeSpan JitBusyFor { get; init; }

    /// <summary>For each pair started, in order: when it started and when it was told it was warm (null if never), on the clock.</summary>
    public List<(TimeSpan Started, TimeSpan? WarmedUp)> Pairs { get; } = [];

    private long _calls;

    /// <summary>The call the test measures: whichever build the engine selected.</summary>
    public Operation Call => Operation.Sync("GET /fake", Run);

    /// <summary>The start of the pair with this number (1 for the first) fails, as a worker that crashes on start does.</summary>
    public int FailStartOf { get; init; }

    /// <summary>For each pair started, in order: the side the engine asked to launch first.</summary>
    public List<BuildSide> FirstSides { get; } = [];

    /// <summary>Whether pairs a verdict completed are kept and handed out again by <see cref="StartOrReusePairAsync"/>.</summary>
    public bool KeepPairs { get; init; }

    /// <summary>For each pair the engine asked for, in order: whether it let a kept pair stand in for a fresh one.</summary>
    public List<bool> ReuseAllowed { get; } = [];

    private readonly Queue<FakePair> _kept = new();

    /// <summary>
    /// What a recording of each side's worker returns, or null for pairs that cannot be profiled; a recording throws when it
    /// returns null for a side.
    /// </summary>
    public Func<BuildSide, (IReadOnlyList<SampledStack> Cpu, IReadOnlyList<SampledAllocation> Allocations)?>? Profiles { get; init; }

    /// <summary>How many sides were recorded.</summary>
    public int SidesProfiled { get; private set; }

    /// <summary>What a recording says of its sampling thread: whether it ran when its ticks were due.</summary>
    public bool SamplerRunsFirst { get; set; } = true;

    public Task<IBuildPair> StartPairAsync(BaselineReference reference, CancellationToken cancellationToken) => StartPairAsync(reference, BuildSide.Current, cancellationToken);

    public Task<IBuildPair> StartPairAsync(BaselineReference reference, BuildSide first, CancellationToken cancellationToken)
    {
        ReuseAllowed.Add(false);
        return unavailable is null ? Start(baselineIsCurrent: false, first) : throw new BaselineBuildUnavailableException(unavailable);
    }

    public Task<IBuildPair> StartOrReusePairAsync(BaselineReference reference, BuildSide first, CancellationToken cancellationToken)
    {
        ReuseAllowed.Add(true);
        if (_kept.TryDequeue(out var kept))
        {
            kept.Reuse();
            return Task.FromResult<IBuildPair>(kept);
        }

        return unavailable is null ? Start(baselineIsCurrent: false, first) : throw new BaselineBuildUnavailableException(unavailable);
    }

    public Task<IBuildPair> StartCurrentPairAsync(CancellationToken cancellationToken) => StartCurrentPairAsync(BuildSide.Current, cancellationToken);

    public Task<IBuildPair> StartCurrentPairAsync(BuildSide first, CancellationToken cancellationToken) => Start(baselineIsCurrent: true, first);

    private Task<IBuildPair> Start(bool baselineIsCurrent, BuildSide first)
    {
        if (FailStartOf == FirstSides.Count + 1)
        {
            return Task.FromException<IBuildPair>(new InvalidOperationException($"pair {FailStartOf} did not start"));
        }

        FirstSides.Add(first);
        Pairs.Add((TimeSpan.FromTicks(clock.GetTimestamp() / 100), null));
        return Task.FromResult<IBuildPair>(Profiles is null ? new FakePair(this, baselineIsCurrent, Pairs.Count - 1) : new ProfiledFakePair(this, baselineIsCurrent, Pairs.Count - 1));
    }

    private void Run()
    {
        var pair = _active ?? throw new InvalidOperationException("no pair selected");
        var current = pair.Side == BuildSide.Current || pair.BaselineIsCurrent;
        BaselineMeasured |= !current;
        (current ? _current : _baseline).RunOnceForTests();
        pair.Allocated[(int)pair.Side] += (current ? currentBytes : baselineBytes) + (OccasionalEvery > 0 && ++_calls % OccasionalEvery == 0 ? OccasionalBytes : 0);
    }

    private class FakePair(FakeBuilds builds, bool baselineIsCurrent, int index) : IBuildPair, IReusableBuildPair
    {
        protected FakeBuilds Owner => builds;

        private bool _completed;

        public bool Reused { get; private set; }

        public void Completed() => _completed = true;

        /// <summary>Handed to another verdict: warmed up again.</summary>
        public void Reuse()
        {
            Reused = true;
            _completed = false;
            builds.Pairs[index] = builds.Pairs[index] with { WarmedUp = null };
        }

        public long[] Allocated { get; } = new long[2];

        public BuildSide Side { get; private set; }

        public bool BaselineIsCurrent => baselineIsCurrent;

        public void Select(BuildSide side)
        {
            builds._active = this;
            Side = side;
        }

        public ValueTask<WorkerCounters> ReadCountersAsync(BuildSide side, CancellationToken cancellationToken) =>
            ValueTask.FromResult(new WorkerCounters(Allocated[(int)side], 0, 0, 0, JitCompiledMethods()));

        public ValueTask WarmedUpAsync(CancellationToken cancellationToken)
        {
            Assert.Null(builds.Pairs[index].WarmedUp);
            builds.Pairs[index] = builds.Pairs[index] with { WarmedUp = Now };
            return ValueTask.CompletedTask;
        }

        private TimeSpan Now => TimeSpan.FromTicks(builds.Clock.GetTimestamp() / 100);

        private long JitCompiledMethods() => (long)Math.Min((Now - builds.Pairs[index].Started).TotalMilliseconds, builds.JitBusyFor.TotalMilliseconds);

        public void EnsureRunning()
        {
        }

        public ValueTask DisposeAsync()
        {
            if (_completed && builds.KeepPairs)
            {
                builds._kept.Enqueue(this);
                return ValueTask.CompletedTask;
            }

            builds.PairsStopped++;
            return ValueTask.CompletedTask;
        }
    }

    /// <summary>A pair whose sides record what <see cref="Profiles"/> says, after serving the engine's calls for the recording.</summary>
    private sealed class ProfiledFakePair(FakeBuilds owner, bool baselineIsCurrent, int index) : FakePair(owner, baselineIsCurrent, index), IProfiledBuildPair
    {
        public async Task<bool> RecordAsync(BuildSide side, string file, Func<CancellationToken, Task> during, CancellationToken cancellationToken)
        {
            await during(cancellationToken);
            Owner.SidesProfiled++;
            await File.WriteAllTextAsync(file, "a recording", cancellationToken);
            return Owner.SamplerRunsFirst;
        }

        public Task<ProfileRecording> ReadAsync(BuildSide side, string file, CancellationToken cancellationToken) =>
            Task.FromResult(Owner.Profiles!(side) is { } recorded
                ? new ProfileRecording(recorded.Cpu, recorded.Cpu, recorded.Allocations, 0, BuildDiagnosis.SampleInterval, 1000)
                : throw new InvalidOperationException("the worker's diagnostics port refused the session"));
    }
}
