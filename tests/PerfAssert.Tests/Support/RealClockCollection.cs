namespace PerfAssert.Tests.Support;

/// <summary>Tests that measure on the real clock run alone, never beside other tests of this assembly.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class RealClockCollection
{
    public const string Name = "Real clock";
}
