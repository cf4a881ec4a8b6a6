namespace PerfAssert.Measurement;

/// <summary>What <see cref="Perf.WarmUpAsync"/> found.</summary>
/// <param name="Settled">Whether, before the time ran out, every operation ran enough calls to be promoted and a whole round,
/// begun with the runtime's call-counting delay over, compiled fewer methods than there are operations.</param>
/// <param name="Elapsed">How long it took.</param>
/// <param name="Calls">Calls made, all operations together.</param>
/// <param name="LastRoundCompiled">Methods the JIT compiled during the last round.</param>
public sealed record SharedWarmupResult(bool Settled, TimeSpan Elapsed, long Calls, long LastRoundCompiled);
