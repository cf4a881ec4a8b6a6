using System.Diagnostics;

namespace PerfAssert.Measurement;

/// <summary>
/// Measures allocations exactly: after warm-up, a few repeats of many operations, bracketed by the runtime's allocation
/// counters. A repeat during which the JIT compiled any method is set aside, because code that has not yet tiered up can
/// allocate what its optimized form does not (boxes and closures that escape analysis removes, for example); repeats go on,
/// for up to <see cref="PerfOptions.AllocationSettleTime"/>, until enough of them ran with the JIT quiet. The smallest quiet
/// repeat counts (background work only ever adds bytes), and the harness's own per-repeat overhead, measured with an empty
/// operation, is removed.
/// </summary>
internal static class AllocationMeter
{
    private static readonly Operation EmptyAsync = Operation.Async("(empty)", _ => ValueTask.CompletedTask);
    private static readonly Operation EmptySync = Operation.Sync("(empty)", static () => { });

    public static async ValueTask<AllocationMeasurement> MeasureAsync(
        Operation operation, long opsPerSample, double nanosecondsPerOp, Sampler sampler, PerfOptions options, AllocationScope scope, CancellationToken cancellationToken)
    {
        if (scope == AllocationScope.Worker)
        {
            throw new ArgumentOutOfRangeException(nameof(scope), scope, $"{nameof(AllocationScope)}.{nameof(AllocationScope.Worker)} is measured by baseline-build comparisons (AgainstBaseline(file, id, builds)), not in the test's process.");
        }

        var effective = scope == AllocationScope.Auto ? (operation.IsSynchronous ? AllocationScope.Thread : AllocationScope.Process) : scope;
        // Many operations when they are cheap, but a slow call (a 25 ms round trip) must not take a minute to count.
        var affordable = nanosecondsPerOp > 0 ? (long)Math.Ceiling(options.AllocationRepeatTime.TotalNanoseconds / nanosecondsPerOp) : options.MinAllocationOps;
        var ops = Math.Max(opsPerSample, Math.Min(options.MinAllocationOps, affordable));
        var emptyOperation = operation.IsSynchronous ? EmptySync : EmptyAsync;
        var overhead = long.MaxValue;
        for (var r = 0; r < options.AllocationRepeats; r++)
        {
            overhead = Math.Min(overhead, (await RepeatAsync(emptyOperation, 1, sampler, effective, options, cancellationToken).ConfigureAwait(false)).Bytes);
        }

        var quiet = new List<Repeat>();
        var busy = new List<Repeat>();
        var started = options.Clock.GetTimestamp();
        // Real time bounds the wait too, so a test clock that stands still cannot keep it going.
        var realStarted = Stopwatch.GetTimestamp();
        while (quiet.Count < options.AllocationRepeats)
        {
            var repeat = await RepeatAsync(operation, ops, sampler, effective, options, cancellationToken).ConfigureAwait(false);
            (repeat.JitQuiet ? quiet : busy).Add(repeat);
            if (quiet.Count + busy.Count >= options.AllocationRepeats
                && (options.Clock.GetElapsedTime(started) >= options.AllocationSettleTime || Stopwatch.GetElapsedTime(realStarted) >= options.AllocationSettleTime))
            {
                break;
            }
        }

        // Every repeat busy: the JIT never settled in the time allowed, so the figure is the best there is, and says so.
        var counted = quiet.Count > 0 ? quiet : busy;
        var total = (double)ops * counted.Count;
        return new AllocationMeasurement(
            Math.Max(0, (counted.Min(r => r.Bytes) - overhead) / (double)ops),
            counted.Sum(r => r.Gen0) * 1000 / total,
            counted.Sum(r => r.Gen1) * 1000 / total,
            counted.Sum(r => r.Gen2) * 1000 / total,
            ops,
            counted.Count,
            effective)
        {
            JitBusyRepeats = busy.Count,
            JitSettled = quiet.Count > 0,
        };
    }

    private static async ValueTask<Repeat> RepeatAsync(Operation operation, long ops, Sampler sampler, AllocationScope scope, PerfOptions options, CancellationToken cancellationToken)
    {
        if (scope == AllocationScope.Thread && !operation.IsSynchronous)
        {
            throw new PerfMeasurementException($"'{operation.Name}' is asynchronous, so its allocations can land on any thread: measure them with {nameof(AllocationScope)}.{nameof(AllocationScope.Process)}.");
        }

        var gen0 = GC.CollectionCount(0);
        var gen1 = GC.CollectionCount(1);
        var gen2 = GC.CollectionCount(2);
        var compiled = options.CompiledMethodCount();
        long bytes;
        if (scope == AllocationScope.Thread)
        {
            var before = GC.GetAllocatedBytesForCurrentThread();
            await sampler.RunAsync(operation, ops, cancellationToken).ConfigureAwait(false);
            bytes = GC.GetAllocatedBytesForCurrentThread() - before;
        }
        else
        {
            var before = GC.GetTotalAllocatedBytes(precise: true);
            await sampler.RunAsync(operation, ops, cancellationToken).ConfigureAwait(false);
            bytes = GC.GetTotalAllocatedBytes(precise: true) - before;
        }

        var jitQuiet = options.CompiledMethodCount() == compiled;
        return new Repeat(bytes, GC.CollectionCount(0) - gen0, GC.CollectionCount(1) - gen1, GC.CollectionCount(2) - gen2, jitQuiet);
    }

    private readonly record struct Repeat(long Bytes, int Gen0, int Gen1, int Gen2, bool JitQuiet);
}
