using System.Runtime.CompilerServices;

namespace PerfAssert.VerdictQuality;

/// <summary>
/// The CPU-bound operation the benchmark judges: an integer hash loop whose cost is proportional to its round count, so a
/// k% slowdown is exactly k% more rounds. Never inlined: A and B of an A/A pair run the very same machine code, so the
/// only difference between them is noise.
/// </summary>
internal static class Workload
{
    /// <summary>Rounds of the base operation: about 5 us on a 2020s x64 core.</summary>
    public const int BaseRounds = 2_000;

    private static ulong _sink;
    private static object? _objectSink;

    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void Run(int rounds)
    {
        var x = 0x9E3779B97F4A7C15UL ^ _sink;
        for (var i = 0; i < rounds; i++)
        {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }

        _sink = x & 1;
    }

    /// <summary>The base operation plus one extra allocation: the smallest allocation regression there is.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static void RunAllocating(int rounds)
    {
        _objectSink = new object();
        Run(rounds);
    }
}
