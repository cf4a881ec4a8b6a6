namespace PerfAssert.Load.Testing;

/// <summary>Where a load test starts: <c>LoadTest.Of(plan).ComparedTo(partner).RequestsPerSecondAtLeast(0.9).AssertAsync()</c>.</summary>
public static class LoadTest
{
    /// <summary>Starts building a load test of <paramref name="plan"/>'s requests.</summary>
    public static LoadTestBuilder Of(LoadPlan plan) => new(plan);
}
