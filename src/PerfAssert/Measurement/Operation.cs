using System.Reflection;

namespace PerfAssert.Measurement;

/// <summary>A named piece of code to measure: synchronous, or asynchronous with a cancellation token.</summary>
public sealed class Operation
{
    private readonly Action? _sync;
    private readonly Func<CancellationToken, ValueTask>? _async;

    private Operation(string name, Action? sync, Func<CancellationToken, ValueTask>? async, MethodInfo method)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        Name = name;
        _sync = sync;
        _async = async;
        Method = method;
    }

    /// <summary>The name shown in verdicts and reports.</summary>
    public string Name { get; }

    /// <summary>Whether the operation runs synchronously on the measuring thread.</summary>
    public bool IsSynchronous => _sync is not null;

    /// <summary>The method behind the delegate; its assembly is checked for a Debug build.</summary>
    public MethodInfo Method { get; }

    /// <summary>Creates a synchronous operation.</summary>
    public static Operation Sync(string name, Action action)
    {
        ArgumentNullException.ThrowIfNull(action);
        return new Operation(name, action, null, action.Method);
    }

    /// <summary>Creates an asynchronous operation returning <see cref="ValueTask"/>.</summary>
    public static Operation Async(string name, Func<CancellationToken, ValueTask> action)
    {
        ArgumentNullException.ThrowIfNull(action);
        return new Operation(name, null, action, action.Method);
    }

    /// <summary>Creates an asynchronous operation returning <see cref="Task"/>.</summary>
    public static Operation Async(string name, Func<CancellationToken, Task> action)
    {
        ArgumentNullException.ThrowIfNull(action);
        return new Operation(name, null, ct => new ValueTask(action(ct)), action.Method);
    }

    /// <summary>Runs the operation <paramref name="count"/> times back to back.</summary>
    internal async ValueTask RunAsync(long count, CancellationToken cancellationToken)
    {
        if (_sync is not null)
        {
            for (long i = 0; i < count; i++)
            {
                _sync();
            }

            return;
        }

        for (long i = 0; i < count; i++)
        {
            await _async!(cancellationToken).ConfigureAwait(false);
        }
    }

    /// <summary>Runs the operation once, synchronously (for composing synthetic operations in tests).</summary>
    internal void RunOnceForTests()
    {
        if (_sync is null)
        {
            throw new InvalidOperationException($"'{Name}' is asynchronous.");
        }

        _sync();
    }

    /// <summary>Runs the operation once and returns how long it took, in clock ticks.</summary>
    internal async ValueTask<long> TimeOneAsync(TimeProvider clock, CancellationToken cancellationToken)
    {
        var start = clock.GetTimestamp();
        if (_sync is not null)
        {
            _sync();
        }
        else
        {
            await _async!(cancellationToken).ConfigureAwait(false);
        }

        return clock.GetTimestamp() - start;
    }
}
