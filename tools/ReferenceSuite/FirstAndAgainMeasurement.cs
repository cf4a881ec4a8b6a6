namespace PerfAssert.ReferenceSuite;

/// <summary>One measurement of a family's case: the engine's result and the batches timed right after it, beside the floor's.</summary>
/// <param name="Result">What the engine measured, as the main job measures every case.</param>
/// <param name="Subject">Nanoseconds per call of each of the case's batches timed after it (<see cref="BatchSamples"/>).</param>
/// <param name="Floor">Nanoseconds per call of the floor's batch beside each of them.</param>
/// <param name="Compiled">Methods the JIT compiled in the process while those batches ran.</param>
internal sealed record FirstAndAgainMeasurement(PerfResult Result, double[] Subject, double[] Floor, long Compiled)
{
    /// <summary>"yes", or "no: " and why the engine says the code it timed had not settled.</summary>
    public string Settled => Result.Subject.WarmupSettled && Result.Subject.Unsettled is null
        ? "yes"
        : "no: " + (Result.Subject.Unsettled ?? "warm-up did not settle");

    /// <summary>Each pair of batches' case over floor.</summary>
    public double[] OverFloor => [.. Subject.Zip(Floor, (s, f) => s / f)];

    /// <summary>The case's batches' geometric mean, in microseconds.</summary>
    public double GeometricMeanUs => GeometricMean(Subject) / 1000;

    /// <summary>The floor's batches' geometric mean, in microseconds.</summary>
    public double FloorGeometricMeanUs => GeometricMean(Floor) / 1000;

    private static double GeometricMean(double[] values) => Math.Exp(values.Select(v => Math.Log(v)).Average());
}
