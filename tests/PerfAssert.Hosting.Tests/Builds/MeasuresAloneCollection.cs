namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// Tests that judge latency run alone, never beside the other test classes of this assembly: the failure tests build
/// scratch repositories, and that load during one step of a workflow and not the next moves the measured ratio between
/// the steps (seen in CI: 183 us per reference call while the slowdown was measured, 100 us when its allowance was judged).
/// </summary>
[CollectionDefinition(Name, DisableParallelization = true)]
public sealed class MeasuresAloneCollection
{
    public const string Name = "Measures alone";
}
