namespace PerfAssert.Baselines;

/// <summary>
/// A pair that can be kept warm for a later verdict once this one is done with it. The engine says when its measurement
/// of the pair went through to the end (<see cref="Completed"/>); a pair it never says that of (a worker that crashed,
/// hung or failed a call) is stopped when disposed, never handed to another verdict.
/// </summary>
internal interface IReusableBuildPair
{
    /// <summary>Whether an earlier verdict measured this pair: its workers were warm before this verdict warmed them.</summary>
    bool Reused { get; }

    /// <summary>Says that everything this verdict measured on the pair went through.</summary>
    void Completed();
}
