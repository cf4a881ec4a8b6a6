namespace PerfAssert.Measurement;

/// <summary>
/// The JIT's state in the process that runs an operation's code, at one moment: what it compiled and what tiered compilation
/// said. Two readings with the same <see cref="CompiledMethods"/> and <see cref="TieringEvents"/> mean the JIT neither compiled
/// nor promoted anything in between.
/// </summary>
/// <param name="CompiledMethods">Methods the JIT compiled so far (every tier, on-stack replacement included).</param>
/// <param name="TieringEvents">Tiered-compilation events seen so far (delay started or ended, background promotion).</param>
/// <param name="Delaying">Whether the call-counting delay runs now: true, false, or null when the events have not said.</param>
/// <param name="CallCountingDelay">The delay in force in that process (zero when it is switched off or tiering is off).</param>
/// <param name="DelayStarts">How many times the delay has started so far (0 when the events have not said).</param>
/// <param name="Backlog">Methods queued for promotion, as the latest background-JIT event said; null when no event has said.</param>
internal readonly record struct JitReading(long CompiledMethods, long TieringEvents, bool? Delaying, TimeSpan CallCountingDelay, long DelayStarts = 0, int? Backlog = null)
{
    /// <summary>
    /// The most methods queued for promotion that still count as a trickle: the background JIT promotes a few dozen within
    /// milliseconds. A process still promoting what its warm-up called had hundreds to thousands queued.
    /// </summary>
    public const int TrickleBacklog = 32;

    /// <summary>A reading from the compiled-method count and the tiering monitor of one process.</summary>
    public static JitReading Of(long compiledMethods, TieringReading tiering, TimeSpan callCountingDelay) => tiering.Connected
        ? new(compiledMethods, tiering.Events, tiering.Delaying, callCountingDelay, tiering.DelayStarts, tiering.Backlog)
        : new(compiledMethods, tiering.Events, null, callCountingDelay);

    /// <summary>Whether the runtime said that more than a trickle of methods waits for promotion.</summary>
    public bool BacklogDeep => Backlog > TrickleBacklog;

    /// <summary>
    /// Whether calls made between <paramref name="earlier"/> and this reading counted towards promotion: the call-counting
    /// delay neither ran at either end nor started in between (calls made during it are not counted).
    /// </summary>
    public bool CountedSince(JitReading earlier) => Delaying != true && earlier.Delaying != true && DelayStarts == earlier.DelayStarts;

    /// <summary>Whether the JIT compiled or promoted anything between <paramref name="earlier"/> and this reading.</summary>
    public bool ActiveSince(JitReading earlier) => CompiledMethods != earlier.CompiledMethods || TieringEvents != earlier.TieringEvents;

    /// <summary>
    /// Whether the call-counting delay is known to be over after <paramref name="quiet"/> without JIT activity: it is off, or
    /// the events said it ended. Before they have said anything (the listener started while a delay ran), quiet is weak
    /// evidence: the first call of a precompiled (ReadyToRun) method extends the delay without compiling anything, and a fresh
    /// process's first case was seen to run over 500 ms of tier-0 speed with one method compiled. So it takes ten delays of
    /// quiet then, which only a process whose tiering has long gone still ever waits for.
    /// </summary>
    public bool DelayOver(TimeSpan quiet) => CallCountingDelay <= TimeSpan.Zero || Delaying switch
    {
        false => true,
        true => false,
        null => quiet >= CallCountingDelay * 10,
    };
}
