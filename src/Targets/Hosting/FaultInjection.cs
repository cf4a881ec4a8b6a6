namespace PerfAssert.Targets.Hosting;

/// <summary>
/// A deliberate regression in the minimal API System.Text.Json target, so tests can show that budgets bite: extra bytes
/// allocated and extra CPU work per call. Off by default; set through <see cref="TargetHostOptions.Faults"/>.
/// </summary>
/// <param name="ExtraAllocationBytes">Bytes allocated (and dropped) per call.</param>
/// <param name="ExtraWorkIterations">Iterations of a CPU-bound loop per call (about 1 ns each).</param>
public sealed record FaultInjection(int ExtraAllocationBytes = 0, int ExtraWorkIterations = 0)
{
    /// <summary>No fault.</summary>
    public static FaultInjection None { get; } = new();

    private static object? _sink;
    private static ulong _work;

    /// <summary>Applies the fault to the current call.</summary>
    public void Apply()
    {
        if (ExtraAllocationBytes > 0)
        {
            _sink = new byte[ExtraAllocationBytes];
        }

        var x = _work | 1;
        for (var i = 0; i < ExtraWorkIterations; i++)
        {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
        }

        _work = x;
    }
}
