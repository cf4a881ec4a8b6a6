namespace PerfAssert.Embedding.Tests;

/// <summary>The test classes that share one packed copy of the repository (packing and building it takes most of a minute).</summary>
[CollectionDefinition(Name)]
public sealed class PackedSampleCollection : ICollectionFixture<PackedSample>
{
    public const string Name = "Packed sample";
}
