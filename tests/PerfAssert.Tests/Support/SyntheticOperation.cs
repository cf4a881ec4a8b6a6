using PerfAssert.Measurement;

namespace PerfAssert.Tests.Support;

/// <summary>
/// Operations that take a synthetic time on a <see cref="ManualClock"/>, with seeded noise like a shared CI machine's:
/// per-call jitter, a machine-wide speed that wanders every simulated millisecond (it slows A and B alike, which is what
/// interleaved blocks cancel), and rare large outliers (a preempted call).
/// </summary>
internal sealed class SyntheticOperation(ManualClock clock, int seed, double jitter = 0.05, double drift = 0.03, double outlierChance = 0.0005)
{
    private readonly Random _random = new(seed);
    private long _regime = -1;
    private double _machineSpeed = 1;

    public Operation Create(string name, double nanoseconds, double tailChance = 0, double tailFactor = 1) =>
        Operation.Sync(name, () => clock.Advance(Cost(nanoseconds, tailChance, tailFactor)));

    private double Cost(double nanoseconds, double tailChance, double tailFactor)
    {
        var regime = clock.GetTimestamp() / 1_000_000;
        if (regime != _regime)
        {
            _regime = regime;
            _machineSpeed = Math.Exp(drift * Gaussian());
        }

        var cost = nanoseconds * _machineSpeed * (1 + (jitter * ((_random.NextDouble() * 2) - 1)));
        if (_random.NextDouble() < tailChance)
        {
            cost *= tailFactor;
        }

        return _random.NextDouble() < outlierChance ? cost * 30 : cost;
    }

    private double Gaussian() => Math.Sqrt(-2 * Math.Log(1 - _random.NextDouble())) * Math.Cos(2 * Math.PI * _random.NextDouble());
}
