namespace PerfAssert.Embedding.Tests;

/// <summary>
/// The short untimed classes (the packed tool's accept, the xUnit v3 4.x and v2 consumers: about 35 s together here), one
/// after another beside <see cref="BenchmarkDotNetRunnerTests"/> (about 40 s), the one long untimed class. The run has two
/// test threads: as classes of their own, which two started first depended on the checkout path (it decides the order of
/// collections), and when the long one started last the untimed part took about 55 s instead of about 40.
/// </summary>
[CollectionDefinition(Name)]
public sealed class UntimedConsumersCollection
{
    public const string Name = "Untimed consumers";
}
