using System.Diagnostics;
using PerfAssert.Baselines;

namespace PerfAssert.Measurement;

/// <summary>
/// Counts a worker process's allocations per operation exactly, the way <see cref="AllocationMeter"/> does in-process:
/// repeats of many calls bracketed by the worker's own counters, repeats during which the worker's JIT compiled anything
/// set aside, the smallest quiet repeat counted, the cost of reading the counters itself removed. Also reports how far the
/// next smallest quiet repeat lies from it, which is part of the noise a baseline-build comparison derives its tolerance
/// from (with how far the two workers of one build land apart).
/// </summary>
internal static class WorkerAllocationMeter
{
    private const int OverheadReads = 3;

    public static async ValueTask<(AllocationMeasurement Measurement, double SpreadBytesPerOp)> MeasureAsync(
        IBuildPair pair, BuildSide side, Operation routed, long ops, Sampler sampler, PerfOptions options, CancellationToken cancellationToken)
    {
        var overhead = long.MaxValue;
        var previous = await pair.ReadCountersAsync(side, cancellationToken).ConfigureAwait(false);
        for (var i = 0; i < OverheadReads; i++)
        {
            var next = await pair.ReadCountersAsync(side, cancellationToken).ConfigureAwait(false);
            overhead = Math.Min(overhead, next.AllocatedBytes - previous.AllocatedBytes);
            previous = next;
        }

        var quiet = new List<(long Bytes, WorkerCounters Delta)>();
        var busy = new List<(long Bytes, WorkerCounters Delta)>();
        var started = Stopwatch.GetTimestamp();
        while (quiet.Count < options.AllocationRepeats)
        {
            var before = await pair.ReadCountersAsync(side, cancellationToken).ConfigureAwait(false);
            await sampler.RunAsync(routed, ops, cancellationToken).ConfigureAwait(false);
            var after = await pair.ReadCountersAsync(side, cancellationToken).ConfigureAwait(false);
            var delta = new WorkerCounters(after.AllocatedBytes - before.AllocatedBytes, after.Gen0Collections - before.Gen0Collections,
                after.Gen1Collections - before.Gen1Collections, after.Gen2Collections - before.Gen2Collections, after.JitCompiledMethods - before.JitCompiledMethods);
            (delta.JitCompiledMethods == 0 ? quiet : busy).Add((Math.Max(0, delta.AllocatedBytes - overhead), delta));
            if (quiet.Count + busy.Count >= options.AllocationRepeats && Stopwatch.GetElapsedTime(started) >= options.AllocationSettleTime)
            {
                break;
            }
        }

        var counted = quiet.Count > 0 ? quiet : busy;
        var total = (double)ops * counted.Count;
        // The figure is the smallest repeat, so its noise is how far the next smallest lies from it, not the largest repeat:
        // one repeat that happened to grow a buffer says nothing about how well the smallest reproduces.
        var ordered = counted.Select(r => r.Bytes).Order().ToList();
        var measurement = new AllocationMeasurement(
            ordered[0] / (double)ops,
            counted.Sum(r => r.Delta.Gen0Collections) * 1000 / total,
            counted.Sum(r => r.Delta.Gen1Collections) * 1000 / total,
            counted.Sum(r => r.Delta.Gen2Collections) * 1000 / total,
            ops,
            counted.Count,
            AllocationScope.Worker)
        {
            JitBusyRepeats = busy.Count,
            JitSettled = quiet.Count > 0,
        };
        return (measurement, ordered.Count < 2 ? 0 : (ordered[1] - ordered[0]) / (double)ops);
    }
}
