namespace PerfAssert.Functional.Wcf;

/// <summary>Bounds every await of the WCF tests, so a hang fails the test instead of stalling the run.</summary>
internal static class Bounded
{
    public static readonly TimeSpan Limit = TimeSpan.FromSeconds(20);

    public static Task<T> Within<T>(this Task<T> task) => task.WaitAsync(Limit, TestContext.Current.CancellationToken);

    public static Task Within(this Task task) => task.WaitAsync(Limit, TestContext.Current.CancellationToken);
}
