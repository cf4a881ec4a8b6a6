namespace PerfAssert.Functional.BadInput;

/// <summary>Bounds for the bad-input tests: a bad request must be answered, or the connection ended, well within these.</summary>
internal static class BadInputTimeout
{
    public static readonly TimeSpan PerRequest = TimeSpan.FromSeconds(10);

    public static CancellationTokenSource Start()
    {
        var source = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        source.CancelAfter(TimeSpan.FromSeconds(20));
        return source;
    }
}
