using PerfAssert.Measurement;

namespace PerfAssert.BenchmarkDotNet;

/// <summary>
/// One case's benchmark class instance with its parameters set and <c>[GlobalSetup]</c> run, and the case's method on it
/// as a PerfAssert <see cref="Measurement.Operation"/>, for a comparison the budgets do not express (two instances set up
/// differently, or cases of two classes). Disposing runs <c>[GlobalCleanup]</c>.
/// </summary>
public sealed class BenchmarkInstance : IAsyncDisposable
{
    private readonly Func<Task> _cleanup;
    private bool _disposed;

    internal BenchmarkInstance(object instance, Operation operation, Func<Task> cleanup)
    {
        Instance = instance;
        Operation = operation;
        _cleanup = cleanup;
    }

    /// <summary>The benchmark class instance.</summary>
    public object Instance { get; }

    /// <summary>The case's method on <see cref="Instance"/>, named by the case id.</summary>
    public Operation Operation { get; }

    /// <summary>Runs <c>[GlobalCleanup]</c> once.</summary>
    public async ValueTask DisposeAsync()
    {
        if (!_disposed)
        {
            _disposed = true;
            await _cleanup().ConfigureAwait(false);
        }
    }
}
