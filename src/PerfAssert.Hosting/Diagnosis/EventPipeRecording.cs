using PerfAssert.Diagnosis;

namespace PerfAssert.Hosting.Diagnosis;

/// <summary>
/// What a recording of a process holds: the stacks of the CPU samples taken while a thread ran managed code (outermost frame
/// first, managed methods named by the runtime's rundown), and the allocations its sampling picked.
/// </summary>
/// <param name="Cpu">The CPU samples, one stack per sample.</param>
/// <param name="Allocations">The sampled allocations (.NET 10's <c>AllocationSampled</c> events).</param>
/// <param name="ExternalSamples">Samples taken while a thread was outside managed code (waiting, or in native code), left out of <paramref name="Cpu"/>.</param>
/// <param name="SampleInterval">The time between two of the sample profiler's ticks in this recording (<see cref="EventPipeRecorder.Interval"/>): what one CPU sample stands for.</param>
internal sealed record EventPipeRecording(IReadOnlyList<SampledStack> Cpu, IReadOnlyList<SampledAllocation> Allocations, int ExternalSamples, TimeSpan SampleInterval);
