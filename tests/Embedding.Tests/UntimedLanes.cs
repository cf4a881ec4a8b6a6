namespace PerfAssert.Embedding.Tests;

/// <summary>
/// The untimed classes in two collections, one per test thread of a 2-core run, balanced by what they took in CI: the
/// BenchmarkDotNet runner (about 30 s since its iterations are 100 ms) on one; the xUnit v3 4.x quick start (about 15 s),
/// the xUnit v2 consumer (about 5 s) and the PerfAssert.Hosting README's console program (about 8 s; until 2026-11-29 the end
/// of the quick start's test, which runs alone) on the other. (The packed tool's accept ran here until a loaded CI run
/// (2026-11-27) measured the calibration spread at 80% and wrote no candidate; it is part of ReferenceBuildWorkflowTests
/// now, which runs alone.) As four collections, which two started first depended on the checkout path (it decides the
/// order of collections), and the untimed part took up to 56 s in CI when the longest started last.
/// </summary>
[CollectionDefinition(Name)]
public sealed class UntimedLaneOne
{
    public const string Name = "Untimed, lane one";
}

/// <inheritdoc cref="UntimedLaneOne"/>
[CollectionDefinition(Name)]
public sealed class UntimedLaneTwo
{
    public const string Name = "Untimed, lane two";
}
