namespace PerfAssert.Measurement;

/// <summary>What <see cref="Perf.WarmUpAsync"/> found.</summary>
/// <param name="Settled">Whether, before the time ran out, every operation ran enough calls to be promoted in quiet rounds:
/// begun with the runtime's call-counting delay over, with no more than a trickle of methods queued for promotion.</param>
/// <param name="Elapsed">How long it took.</param>
/// <param name="Calls">Calls made, all operations together.</param>
/// <param name="LastRoundCompiled">Methods the JIT compiled during the last round.</param>
public sealed record SharedWarmupResult(bool Settled, TimeSpan Elapsed, long Calls, long LastRoundCompiled)
{
    /// <summary>Methods the runtime still had queued for promotion when it ended; null when its tiering events did not say.</summary>
    public int? PromotionBacklog { get; init; }
}
