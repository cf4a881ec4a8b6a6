using PerfAssert.Measurement;

namespace PerfAssert.Tests.Support;

/// <summary>Options for engine runs on a <see cref="ManualClock"/>: synthetic calibration, fixed seed, and a JIT that never
/// compiles (the real one compiles whenever another test runs, which would make warm-up, and so the verdict, depend on timing).</summary>
internal static class SyntheticOptions
{
    public static PerfOptions For(ManualClock clock, SyntheticOperation synthetic, int maxBlocks = 64, int seed = 1) => new()
    {
        Clock = clock,
        Calibration = synthetic.Create("calibration", 10_000),
        Seed = seed,
        MaxBlocks = maxBlocks,
        CompiledMethodCount = static () => 0,
        Tiering = static () => new TieringReading(Connected: true, Events: 0, Delaying: false),
    };
}
