namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The ratio of two sets of positive samples (<c>again / first</c>: batch timings, or each batch's time over the floor's
/// beside it) as the ratio of their geometric means, with a 99% percentile
/// bootstrap interval (each side resampled on its own, a fixed seed, so a rerun on the same figures prints the same
/// interval). Geometric rather than arithmetic means, because on a shared machine one batch that lost the core for a few
/// milliseconds would otherwise move the estimate by more than the 5% the check allows.
/// </summary>
/// <param name="Estimate">The ratio of the geometric means.</param>
/// <param name="Low">The interval's lower end.</param>
/// <param name="High">The interval's upper end.</param>
internal sealed record RatioInterval(double Estimate, double Low, double High)
{
    private const int Resamples = 4000;
    private const double Confidence = 0.99;
    private const int Seed = 41;

    /// <summary>The ratio of <paramref name="again"/>'s geometric mean to <paramref name="first"/>'s, and its interval.</summary>
    public static RatioInterval Of(IReadOnlyList<double> first, IReadOnlyList<double> again)
    {
        var logFirst = first.Select(x => Math.Log(x)).ToArray();
        var logAgain = again.Select(x => Math.Log(x)).ToArray();
        var random = new Random(Seed);
        var differences = new double[Resamples];
        for (var i = 0; i < Resamples; i++)
        {
            differences[i] = ResampledMean(logAgain, random) - ResampledMean(logFirst, random);
        }

        Array.Sort(differences);
        var tail = (1 - Confidence) / 2;
        return new RatioInterval(
            Math.Exp(logAgain.Average() - logFirst.Average()),
            Math.Exp(differences[(int)Math.Floor(tail * (Resamples - 1))]),
            Math.Exp(differences[(int)Math.Ceiling((1 - tail) * (Resamples - 1))]));
    }

    private static double ResampledMean(double[] values, Random random)
    {
        var sum = 0.0;
        for (var i = 0; i < values.Length; i++)
        {
            sum += values[random.Next(values.Length)];
        }

        return sum / values.Length;
    }
}
