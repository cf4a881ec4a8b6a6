namespace PerfAssert.BenchmarkDotNet.Tests.Bridge;

/// <summary>Measuring tests run one at a time: they share two cores, and the injected regression flips a static fault switch.</summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class BenchmarksCollection
{
    public const string Name = "Measured benchmarks";
}
