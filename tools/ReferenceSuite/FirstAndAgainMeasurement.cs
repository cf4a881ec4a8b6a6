namespace PerfAssert.ReferenceSuite;

/// <summary>One measurement of a family's case: the engine's result and the batches timed right after it.</summary>
/// <param name="Result">What the engine measured, as the main job measures every case.</param>
/// <param name="Batches">Nanoseconds per call of each batch timed after it (<see cref="BatchSamples"/>).</param>
/// <param name="Compiled">Methods the JIT compiled in the process while those batches ran.</param>
internal sealed record FirstAndAgainMeasurement(PerfResult Result, double[] Batches, long Compiled)
{
    /// <summary>"yes", or "no: " and why the engine says the code it timed had not settled.</summary>
    public string Settled => Result.Subject.WarmupSettled && Result.Subject.Unsettled is null
        ? "yes"
        : "no: " + (Result.Subject.Unsettled ?? "warm-up did not settle");

    /// <summary>The batches' geometric mean, in microseconds.</summary>
    public double GeometricMeanUs => Math.Exp(Batches.Select(x => Math.Log(x)).Average()) / 1000;
}
