namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>How long each kind of interleaved group may measure before it stops with the precision it has.</summary>
/// <param name="Empty">For the latency cases with 0 items, Small and Large together.</param>
/// <param name="Small">Per latency item count above 0, for its Small cases.</param>
/// <param name="Large">Per latency item count above 0, for its Large cases: a call allocates hundreds of kilobytes to
/// megabytes, and whichever batch a collection lands in pays for it, so its blocks scatter the most.</param>
/// <param name="DataStream">For the data-stream cases.</param>
/// <param name="Todo">Per todo group.</param>
public sealed record RatioCaps(TimeSpan Empty, TimeSpan Small, TimeSpan Large, TimeSpan DataStream, TimeSpan Todo);
