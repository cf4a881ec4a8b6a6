using System.Runtime.CompilerServices;

namespace PerfAssert.Measurement;

/// <summary>
/// A fixed, CPU-bound, allocation-free workload of about 10 microseconds on a 2020s x64 core. Measured in the same run as
/// the code under test, it turns absolute latencies into machine-independent ratios, and its spread tells whether the
/// machine is calm enough to judge.
/// </summary>
public static class CalibrationWorkload
{
    private const int Rounds = 4_000;
    private static ulong _sink;

    /// <summary>The calibration as an operation.</summary>
    public static Operation Operation { get; } = Operation.Sync("calibration", Run);

    /// <summary>Runs the workload once.</summary>
    /// <remarks>Compiled fully optimized from the first call: a tier-0 to tier-1 switch in the middle of calibrating would
    /// look like an unstable machine.</remarks>
    [MethodImpl(MethodImplOptions.NoInlining | MethodImplOptions.AggressiveOptimization)]
    public static void Run()
    {
        // xorshift64*: data-dependent integer work the JIT cannot fold or vectorize away.
        var x = 0x9E3779B97F4A7C15UL ^ _sink;
        for (var i = 0; i < Rounds; i++)
        {
            x ^= x >> 12;
            x ^= x << 25;
            x ^= x >> 27;
            x *= 0x2545F4914F6CDD1DUL;
        }

        _sink = x & 1;
    }
}
