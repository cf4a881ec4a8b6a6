namespace PerfAssert.Hosting.Tests;

/// <summary>Cancellation for one test: the test run's token, cut off after a deadline so no await can hang.</summary>
internal static class Bounded
{
    public static CancellationTokenSource Within(int seconds = 30)
    {
        var source = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        source.CancelAfter(TimeSpan.FromSeconds(seconds));
        return source;
    }
}
