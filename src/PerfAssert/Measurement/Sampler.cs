namespace PerfAssert.Measurement;

/// <summary>Times batches of calls, and single calls, with every sample bounded by <see cref="PerfOptions.OperationTimeout"/>.</summary>
internal sealed class Sampler(PerfOptions options)
{
    private readonly TimeProvider _clock = options.Clock;

    /// <summary>Nanoseconds in one clock tick.</summary>
    public double NanosecondsPerTick { get; } = 1e9 / options.Clock.TimestampFrequency;

    /// <summary>Times <paramref name="ops"/> back-to-back calls and returns the elapsed clock ticks.</summary>
    public async ValueTask<long> TimeBatchAsync(Operation operation, long ops, CancellationToken cancellationToken)
    {
        var start = _clock.GetTimestamp();
        await BoundAsync(operation, operation.RunAsync(ops, cancellationToken), cancellationToken).ConfigureAwait(false);
        return _clock.GetTimestamp() - start;
    }

    /// <summary>Times each of <paramref name="into"/>.Length calls separately, in nanoseconds.</summary>
    public async ValueTask TimeCallsAsync(Operation operation, double[] into, CancellationToken cancellationToken)
    {
        for (var i = 0; i < into.Length; i++)
        {
            var ticks = await BoundAsync(operation, operation.TimeOneAsync(_clock, cancellationToken), cancellationToken).ConfigureAwait(false);
            into[i] = ticks * NanosecondsPerTick;
        }
    }

    /// <summary>Runs <paramref name="ops"/> calls without timing them (allocation and GC measurement brackets these).</summary>
    public ValueTask RunAsync(Operation operation, long ops, CancellationToken cancellationToken) =>
        BoundAsync(operation, operation.RunAsync(ops, cancellationToken), cancellationToken);

    private async ValueTask BoundAsync(Operation operation, ValueTask pending, CancellationToken cancellationToken)
    {
        try
        {
            if (pending.IsCompletedSuccessfully)
            {
                return;
            }

            // Only a call that is still running pays for the watchdog; a hung operation cannot hang the test.
            await pending.AsTask().WaitAsync(options.OperationTimeout, _clock, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (Wrap(operation, ex, cancellationToken) is { } wrapped)
        {
            throw wrapped;
        }
    }

    private async ValueTask<T> BoundAsync<T>(Operation operation, ValueTask<T> pending, CancellationToken cancellationToken)
    {
        try
        {
            return pending.IsCompletedSuccessfully
                ? pending.Result
                : await pending.AsTask().WaitAsync(options.OperationTimeout, _clock, cancellationToken).ConfigureAwait(false);
        }
        catch (Exception ex) when (Wrap(operation, ex, cancellationToken) is { } wrapped)
        {
            throw wrapped;
        }
    }

    private PerfMeasurementException? Wrap(Operation operation, Exception ex, CancellationToken cancellationToken) => ex switch
    {
        OperationCanceledException when cancellationToken.IsCancellationRequested => null,
        TimeoutException => new PerfMeasurementException(
            $"The operation '{operation.Name}' did not complete within {nameof(PerfOptions)}.{nameof(PerfOptions.OperationTimeout)} ({options.OperationTimeout}). " +
            "Check that the target is reachable, or raise the timeout for an operation this slow.", ex),
        PerfMeasurementException => null,
        _ => new PerfMeasurementException($"The operation '{operation.Name}' threw {ex.GetType().Name}: {ex.Message}", ex),
    };
}
