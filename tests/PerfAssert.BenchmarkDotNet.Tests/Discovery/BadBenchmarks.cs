using BenchmarkDotNet.Attributes;

namespace PerfAssert.BenchmarkDotNet.Tests.Discovery;

// Benchmark classes the bridge must refuse, each with the mistake its name says.
public class NoBenchmarks
{
    public void Work()
    {
    }
}

// BenchmarkDotNet 0.15's analyzer refuses this at compile time (BDN1107); the bridge still refuses it at run time, for
// assemblies built without the analyzer (older BenchmarkDotNet, analyzers off), so the class is compiled with it silenced.
#pragma warning disable BDN1107
public class TwoBaselines
{
    [Benchmark(Baseline = true)]
    public int First() => 1;

    [Benchmark(Baseline = true)]
    public int Second() => 2;
}
#pragma warning restore BDN1107

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
