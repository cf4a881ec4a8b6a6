using System.Diagnostics;
using System.Globalization;
using PerfAssert.Measurement;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// What each case needs before the side-by-side phase, one case after another: a short timing that sizes its batches, and
/// its allocations, which are counted exactly (the runtime's allocation counters, the smallest of three repeats during which
/// the JIT compiled nothing) and so need no interleaving. None of these timings is reported: every time the report prints
/// comes from the side-by-side phase.
/// </summary>
internal static class CasePart
{
    /// <summary>
    /// How allocations are counted: three repeats of up to 30 ms each (at least one call), for up to 2 s while the JIT is
    /// still compiling. The engine's defaults (five repeats of 200 ms) would spend most of the main job's five minutes here;
    /// a repeat of a few hundred calls already gives each call's bytes exactly, and the smallest of three is what counts.
    /// </summary>
    public static PerfOptions Options { get; } = new()
    {
        AllocationRepeats = 3,
        AllocationRepeatTime = TimeSpan.FromMilliseconds(30),
        AllocationSettleTime = TimeSpan.FromSeconds(2),
    };

    /// <summary>How long the sizing timing runs (after one untimed call, and for at least three calls).</summary>
    private static readonly TimeSpan SizingTime = TimeSpan.FromMilliseconds(30);

    /// <summary>Times a case briefly and counts its allocations.</summary>
    public static async Task<CaseFigures> MeasureAsync(string name, Func<CancellationToken, Task> operation, CancellationToken cancellationToken = default)
    {
        await operation(cancellationToken);
        var calls = 0;
        var started = Stopwatch.GetTimestamp();
        while (calls < 3 || Stopwatch.GetElapsedTime(started) < SizingTime)
        {
            await operation(cancellationToken);
            calls++;
        }

        var nanoseconds = Stopwatch.GetElapsedTime(started).TotalNanoseconds / calls;
        var allocations = await AllocationMeter.MeasureAsync(Operation.Async(name, operation), 1, nanoseconds, new Sampler(Options), Options, AllocationScope.Process, cancellationToken);
        return new CaseFigures(nanoseconds, allocations);
    }

    /// <summary>Measures every case of <paramref name="cases"/>, one after another.</summary>
    public static async Task<Dictionary<string, CaseFigures>> RunAsync(OpenCases cases, TextWriter progress)
    {
        var figures = new Dictionary<string, CaseFigures>(StringComparer.Ordinal);
        foreach (var name in cases.Names)
        {
            figures[name] = await MeasureAsync(name, cases[name]);
        }

        var unsettled = figures.Where(f => !f.Value.Allocations.JitSettled).Select(f => f.Key).ToList();
        await progress.WriteLineAsync(string.Create(CultureInfo.InvariantCulture,
            $"[allocations] {figures.Count} cases{(unsettled.Count == 0 ? ", every one counted with the JIT quiet" : $"; counted while the JIT was still compiling: {string.Join(", ", unsettled)}")}"));
        return figures;
    }
}
