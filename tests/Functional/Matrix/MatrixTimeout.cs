namespace PerfAssert.Functional.Matrix;

/// <summary>Bounds for every await of the matrix, so a hung stack fails its case instead of stalling the run.</summary>
internal static class MatrixTimeout
{
    /// <summary>One case, Large-1000 over XML on a loaded 2-core machine included.</summary>
    public static readonly TimeSpan PerCase = TimeSpan.FromSeconds(30);
}
