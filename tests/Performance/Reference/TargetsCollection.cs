using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Performance.Reference;

/// <summary>One loopback host for every performance test class: started once, measured one test at a time.</summary>
[CollectionDefinition(Name)]
public sealed class TargetsCollection : ICollectionFixture<LoopbackTargetsFixture>
{
    public const string Name = "Loopback targets";
}
