namespace PerfAssert.BenchmarkDotNet.Json;

/// <summary>One benchmark of a BenchmarkDotNet full JSON export, as the bridge reads it.</summary>
public sealed record BenchmarkDotNetEntry
{
    /// <summary>The entry's id: <c>Type.Method</c>, then the parameters and arguments as BenchmarkDotNet's full name writes
    /// them, for example <c>FormatBenchmarks.Format(Rows: 100)</c> (the bridge's case id after the type name).</summary>
    public required string Id { get; init; }

    /// <summary>BenchmarkDotNet's full name (namespace, type, method and arguments).</summary>
    public required string FullName { get; init; }

    /// <summary>The mean time per operation in nanoseconds, measured by BenchmarkDotNet in its own process (advisory here).</summary>
    public required double MeanNs { get; init; }

    /// <summary>The number of measurements behind <see cref="MeanNs"/>, or 0 when the file does not say.</summary>
    public int Samples { get; init; }

    /// <summary>Allocated bytes per operation, or <see langword="null"/> when the benchmark ran without <c>[MemoryDiagnoser]</c>.</summary>
    public double? BytesAllocatedPerOperation { get; init; }

    /// <summary>Generation 0, 1 and 2 collections per 1,000 operations (BenchmarkDotNet's <c>Memory</c> counts over its
    /// <c>TotalOperations</c>), or <see langword="null"/> without <c>[MemoryDiagnoser]</c>.</summary>
    public (double Gen0, double Gen1, double Gen2)? CollectionsPerThousandOps { get; init; }

    /// <summary>The operations BenchmarkDotNet counted allocations over, or 0 when the file does not say.</summary>
    public long MemoryOperations { get; init; }
}
