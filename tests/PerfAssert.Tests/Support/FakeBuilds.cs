using PerfAssert.Baselines;
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

    public int PairsStarted { get; private set; }

    public int PairsStopped { get; private set; }

    public bool BaselineMeasured { get; private set; }

    /// <summary>Bytes a call of either build allocates once in every <see cref="OccasionalEvery"/> calls (a buffer that grows now and then).</summary>
    public long OccasionalBytes { get; init; }

    /// <summary>How many calls apart the <see cref="OccasionalBytes"/> land; 0 for never.</summary>
    public int OccasionalEvery { get; init; }

    private long _calls;

    /// <summary>The call the test measures: whichever build the engine selected.</summary>
    public Operation Call => Operation.Sync("GET /fake", Run);

    public Task<IBuildPair> StartPairAsync(BaselineReference reference, CancellationToken cancellationToken) =>
        unavailable is null ? Start(baselineIsCurrent: false) : throw new BaselineBuildUnavailableException(unavailable);

    public Task<IBuildPair> StartCurrentPairAsync(CancellationToken cancellationToken) => Start(baselineIsCurrent: true);

    private Task<IBuildPair> Start(bool baselineIsCurrent)
    {
        PairsStarted++;
        return Task.FromResult<IBuildPair>(new FakePair(this, baselineIsCurrent));
    }

    private void Run()
    {
        var pair = _active ?? throw new InvalidOperationException("no pair selected");
        var current = pair.Side == BuildSide.Current || pair.BaselineIsCurrent;
        BaselineMeasured |= !current;
        (current ? _current : _baseline).RunOnceForTests();
        pair.Allocated[(int)pair.Side] += (current ? currentBytes : baselineBytes) + (OccasionalEvery > 0 && ++_calls % OccasionalEvery == 0 ? OccasionalBytes : 0);
    }

    private sealed class FakePair(FakeBuilds builds, bool baselineIsCurrent) : IBuildPair
    {
        public long[] Allocated { get; } = new long[2];

        public BuildSide Side { get; private set; }

        public bool BaselineIsCurrent => baselineIsCurrent;

        public void Select(BuildSide side)
        {
            builds._active = this;
            Side = side;
        }

        public ValueTask<WorkerCounters> ReadCountersAsync(BuildSide side, CancellationToken cancellationToken) =>
            ValueTask.FromResult(new WorkerCounters(Allocated[(int)side], 0, 0, 0, 0));

        public void EnsureRunning()
        {
        }

        public ValueTask DisposeAsync()
        {
            builds.PairsStopped++;
            return ValueTask.CompletedTask;
        }
    }
}
