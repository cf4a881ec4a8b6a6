namespace PerfAssert.Targets.Hosting;

/// <summary>
/// A deliberate regression in the minimal API System.Text.Json target and the minimal API throughput GET (<c>/throughput/time</c>),
/// so tests can show that budgets bite: extra bytes allocated and extra CPU work per call. Off by default; set through <see cref="TargetHostOptions.Faults"/>.
/// </summary>
/// <param name="ExtraAllocationBytes">Bytes allocated (and dropped) per call.</param>
/// <param name="ExtraWorkIterations">Iterations of a CPU-bound loop per call (about 1 ns each).</param>
public sealed record FaultInjection(int ExtraAllocationBytes = 0, int ExtraWorkIterations = 0)
{
    /// <summary>No fault.</summary>
    public static FaultInjection None { get; } = new();

    /// <summary>
    /// The fault the standalone host is asked for through its environment: <c>Faults__ExtraAllocationBytes</c> and
    /// <c>Faults__ExtraWorkIterations</c> (configuration keys <c>Faults:...</c>, as <c>ServiceBuildsOptions.WorkingTreeSettings</c>
    /// passes them to a worker). Unset means 0; anything but a whole number from 0 up throws, naming the variable.
    /// </summary>
    public static FaultInjection FromEnvironment() =>
        new(Variable("Faults__ExtraAllocationBytes"), Variable("Faults__ExtraWorkIterations"));

    private static int Variable(string name)
    {
        var value = Environment.GetEnvironmentVariable(name);
        if (string.IsNullOrEmpty(value))
        {
            return 0;
        }

        return int.TryParse(value, System.Globalization.NumberStyles.None, System.Globalization.CultureInfo.InvariantCulture, out var number)
            ? number
            : throw new InvalidOperationException($"{name} must be a whole number from 0 up, not '{value}'.");
    }

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
