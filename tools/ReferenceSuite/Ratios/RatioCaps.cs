namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>How long each kind of interleaved group may measure before it stops with the precision it has.</summary>
/// <param name="Latency">Per latency item count.</param>
/// <param name="DataStream">For the data-stream cases.</param>
/// <param name="Todo">Per todo group.</param>
public sealed record RatioCaps(TimeSpan Latency, TimeSpan DataStream, TimeSpan Todo);
