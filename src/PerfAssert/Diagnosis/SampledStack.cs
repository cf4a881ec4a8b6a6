namespace PerfAssert.Diagnosis;

/// <summary>One distinct call stack of a CPU profile, outermost frame first, and how many samples were taken in it.</summary>
/// <param name="Frames">The methods on the stack, the outermost (a thread's entry) first and the one executing last.</param>
/// <param name="Samples">How many samples the profiler took with exactly this stack.</param>
internal sealed record SampledStack(IReadOnlyList<string> Frames, int Samples);
