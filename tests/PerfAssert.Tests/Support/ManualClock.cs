namespace PerfAssert.Tests.Support;

/// <summary>A clock that moves only when told: synthetic operations advance it by the time they pretend to take.</summary>
internal sealed class ManualClock : TimeProvider
{
    private double _nanoseconds;

    public override long TimestampFrequency => 1_000_000_000;

    public override long GetTimestamp() => (long)_nanoseconds;

    public void Advance(double nanoseconds) => _nanoseconds += nanoseconds;
}
