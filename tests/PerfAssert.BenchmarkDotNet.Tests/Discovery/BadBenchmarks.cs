using BenchmarkDotNet.Attributes;

namespace PerfAssert.BenchmarkDotNet.Tests.Discovery;

// Benchmark classes the bridge must refuse, each with the mistake its name says.
public class NoBenchmarks
{
    public void Work()
    {
    }
}

public class TwoBaselines
{
    [Benchmark(Baseline = true)]
    public int First() => 1;

    [Benchmark(Baseline = true)]
    public int Second() => 2;
}

public class ThrowingParamsSource
{
    [ParamsSource(nameof(Sizes))]
    public int Size { get; set; }

    public static IEnumerable<int> Sizes() => throw new InvalidOperationException("catalog unavailable");

    [Benchmark]
    public int Work() => Size;
}

public class WithIterationSetup
{
    [IterationSetup]
    public void Reset()
    {
    }

    [Benchmark]
    public int Work() => 1;
}

public class WithOperationsPerInvoke
{
    [Benchmark(OperationsPerInvoke = 16)]
    public int Work() => 1;
}

public class Generic<T>
{
    [Benchmark]
    public T? Work() => default;
}

public class NoMemoryDiagnoser
{
    [Benchmark(Baseline = true)]
    public int Old() => 1;

    [Benchmark]
    public int New() => 2;
}
