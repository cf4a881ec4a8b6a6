namespace PerfAssert.Diagnosis;

/// <summary>
/// One side's CPU samples from a profiled window, folded by stack, with the calls the window made and the profiler's
/// sampling interval, so that a method's samples read as time per call: its self time (samples with it executing) and its
/// inclusive time (samples with it anywhere on the stack, counted once per sample however often it recurses).
/// </summary>
internal sealed class StackProfile
{
    private readonly Dictionary<string, int> _self = new(StringComparer.Ordinal);
    private readonly Dictionary<string, int> _inclusive = new(StringComparer.Ordinal);

    /// <summary>Folds <paramref name="stacks"/> (stacks without frames or samples are left out).</summary>
    /// <param name="stacks">The sampled stacks; the same stack may come more than once.</param>
    /// <param name="calls">The calls made during the profiled window: what the samples are divided by.</param>
    /// <param name="interval">The sampling interval: what one sample stands for.</param>
    public StackProfile(IEnumerable<SampledStack> stacks, long calls, TimeSpan interval)
    {
        ArgumentNullException.ThrowIfNull(stacks);
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(calls);
        if (interval <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(interval), interval, "The sampling interval must be positive.");
        }

        Stacks = [.. stacks.Where(s => s.Samples > 0 && s.Frames.Count > 0)];
        Calls = calls;
        Interval = interval;
        foreach (var stack in Stacks)
        {
            Add(_self, stack.Frames[^1], stack.Samples);
            foreach (var method in stack.Frames.Distinct(StringComparer.Ordinal))
            {
                Add(_inclusive, method, stack.Samples);
            }
        }

        Samples = Stacks.Sum(s => (long)s.Samples);
    }

    /// <summary>The sampled stacks.</summary>
    public IReadOnlyList<SampledStack> Stacks { get; }

    /// <summary>The calls made during the profiled window.</summary>
    public long Calls { get; }

    /// <summary>The sampling interval.</summary>
    public TimeSpan Interval { get; }

    /// <summary>Every sample of the profile.</summary>
    public long Samples { get; }

    /// <summary>Every method seen on any stack.</summary>
    public IEnumerable<string> Methods => _inclusive.Keys;

    /// <summary>The samples taken with <paramref name="method"/> executing.</summary>
    public int SelfSamples(string method) => _self.GetValueOrDefault(method);

    /// <summary>The samples taken with <paramref name="method"/> anywhere on the stack.</summary>
    public int InclusiveSamples(string method) => _inclusive.GetValueOrDefault(method);

    /// <summary>
    /// The recordings of one side, as one profile: their stacks together over their calls together. Each recording's
    /// samples stand for its own interval (the sample profiler's ticks stretch with the machine's load), so one sample of
    /// the pool stands for their average weighted by samples: every sample keeps the time it stood for in its recording
    /// when the intervals agree, and the pool's total time per call stays the sum of the recordings' in any case.
    /// </summary>
    public static StackProfile Pool(IEnumerable<StackProfile> profiles)
    {
        ArgumentNullException.ThrowIfNull(profiles);
        var all = profiles.ToList();
        if (all.Count == 0)
        {
            throw new ArgumentException("There is nothing to pool.", nameof(profiles));
        }

        if (all.Count == 1)
        {
            return all[0];
        }

        var samples = all.Sum(p => p.Samples);
        var interval = samples == 0
            ? TimeSpan.FromTicks((long)all.Average(p => p.Interval.Ticks))
            : TimeSpan.FromTicks((long)Math.Round(all.Sum(p => p.Samples * (double)p.Interval.Ticks) / samples));
        return new StackProfile(all.SelectMany(p => p.Stacks), all.Sum(p => p.Calls), interval);
    }

    /// <summary>What <paramref name="samples"/> of this profile stand for per call, in nanoseconds.</summary>
    public double NanosecondsPerCall(double samples) => samples * Interval.TotalNanoseconds / Calls;

    private static void Add(Dictionary<string, int> counts, string method, int samples) => counts[method] = counts.GetValueOrDefault(method) + samples;
}
