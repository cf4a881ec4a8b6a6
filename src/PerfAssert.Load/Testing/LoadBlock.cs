namespace PerfAssert.Load.Testing;

/// <summary>One block of a load test: which side it loaded, in which round (negative for warm-up rounds), and what it measured.</summary>
/// <param name="Side">The plan's name.</param>
/// <param name="Round">The measured round it belongs to, from 0; warm-up rounds are -1, -2, ...</param>
/// <param name="Result">What the worker measured in the block.</param>
public sealed record LoadBlock(string Side, int Round, LoadResult Result)
{
    /// <summary>
    /// The process pair the block loaded, from 0, against the reference build (each pair a fresh worker of each build);
    /// 0 in a same-run test. <value>The default is 0.</value>
    /// </summary>
    public int Pair { get; init; }

    /// <summary>Correctly answered requests per second in the block.</summary>
    public double RequestsPerSecond => Result.RequestsPerSecond;
}
