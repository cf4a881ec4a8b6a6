namespace PerfAssert.Diagnosis;

/// <summary>
/// What one recording of a process holds: the stacks of the CPU samples taken while a thread ran managed code, the stacks of
/// every sample of every thread, running or waiting (thread time, <see cref="ThreadTime"/>), both outermost frame first, and
/// the allocations the runtime's sampling picked, each kept only when it belongs to the timed calls (between their first and last moment, on the threads that ran them, as the recorded process marked them).
/// </summary>
/// <param name="Cpu">The samples of threads running managed code, one stack per sample.</param>
/// <param name="Threads">Every sample with a stack, running or not: the CPU samples and the samples taken while a thread was outside managed code (waiting, or in native code).</param>
/// <param name="Allocations">The sampled allocations (.NET 10's <c>AllocationSampled</c> events).</param>
/// <param name="ExternalSamples">Samples taken while a thread was outside managed code, left out of <paramref name="Cpu"/>.</param>
/// <param name="SampleInterval">The time between two of the sample profiler's ticks in this recording: what one sample stands for.</param>
/// <param name="Ticks">How many times the sample profiler took the threads' stacks: the samples of the thread sampled most.</param>
internal sealed record ProfileRecording(
    IReadOnlyList<SampledStack> Cpu, IReadOnlyList<SampledStack> Threads, IReadOnlyList<SampledAllocation> Allocations, int ExternalSamples, TimeSpan SampleInterval, int Ticks)
{
    /// <summary>Samples left out as taken before the calls' first moment or after their last.</summary>
    public int OutsideWindow { get; init; }

    /// <summary>Samples inside the calls' window left out as taken on a thread that did not run them (or in the marks' own work).</summary>
    public int OtherThreads { get; init; }

    /// <summary>How many threads ran the calls, by the recording's marks; <see langword="null"/> when it had none (every thread was kept).</summary>
    public int? CallThreads { get; init; }
}
