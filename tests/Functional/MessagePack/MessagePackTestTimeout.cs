namespace PerfAssert.Functional.MessagePack;

/// <summary>Bounds every await of a test: the test run's cancellation, or 30 seconds, whichever comes first.</summary>
internal static class MessagePackTestTimeout
{
    public static CancellationTokenSource Start()
    {
        var source = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        source.CancelAfter(TimeSpan.FromSeconds(30));
        return source;
    }
}
