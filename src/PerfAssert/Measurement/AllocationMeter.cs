namespace PerfAssert.Measurement;

/// <summary>
/// Measures allocations exactly: after warm-up, a few repeats of many operations, bracketed by the runtime's allocation
/// counters; the smallest repeat counts (tiered JIT and background work only ever add bytes), and the harness's own
/// per-repeat overhead, measured with an empty operation, is removed.
/// </summary>
internal static class AllocationMeter
{
    private static readonly Operation EmptyAsync = Operation.Async("(empty)", _ => ValueTask.CompletedTask);
    private static readonly Operation EmptySync = Operation.Sync("(empty)", static () => { });

    public static async ValueTask<AllocationMeasurement> MeasureAsync(
        Operation operation, long opsPerSample, double nanosecondsPerOp, Sampler sampler, PerfOptions options, AllocationScope scope, CancellationToken cancellationToken)
    {
        var effective = scope == AllocationScope.Auto ? (operation.IsSynchronous ? AllocationScope.Thread : AllocationScope.Process) : scope;
        // Many operations when they are cheap, but a slow call (a 25 ms round trip) must not take a minute to count.
        var affordable = nanosecondsPerOp > 0 ? (long)Math.Ceiling(options.AllocationRepeatTime.TotalNanoseconds / nanosecondsPerOp) : options.MinAllocationOps;
        var ops = Math.Max(opsPerSample, Math.Min(options.MinAllocationOps, affordable));
        var overhead = await MinimumBytesAsync(operation.IsSynchronous ? EmptySync : EmptyAsync, 1, sampler, options.AllocationRepeats, effective, cancellationToken).ConfigureAwait(false);
        var gen0 = GC.CollectionCount(0);
        var gen1 = GC.CollectionCount(1);
        var gen2 = GC.CollectionCount(2);
        var bytes = await MinimumBytesAsync(operation, ops, sampler, options.AllocationRepeats, effective, cancellationToken).ConfigureAwait(false);
        var total = (double)ops * options.AllocationRepeats;
        return new AllocationMeasurement(
            Math.Max(0, (bytes - overhead) / (double)ops),
            (GC.CollectionCount(0) - gen0) * 1000 / total,
            (GC.CollectionCount(1) - gen1) * 1000 / total,
            (GC.CollectionCount(2) - gen2) * 1000 / total,
            ops,
            options.AllocationRepeats,
            effective);
    }

    private static async ValueTask<long> MinimumBytesAsync(Operation operation, long ops, Sampler sampler, int repeats, AllocationScope scope, CancellationToken cancellationToken)
    {
        var minimum = long.MaxValue;
        for (var r = 0; r < repeats; r++)
        {
            long bytes;
            if (scope == AllocationScope.Thread)
            {
                if (!operation.IsSynchronous)
                {
                    throw new PerfMeasurementException($"'{operation.Name}' is asynchronous, so its allocations can land on any thread: measure them with {nameof(AllocationScope)}.{nameof(AllocationScope.Process)}.");
                }

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

            minimum = Math.Min(minimum, bytes);
        }

        return minimum;
    }
}
