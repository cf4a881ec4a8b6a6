using PerfAssert.Tests.Support;
using PerfAssert.Measurement;

namespace PerfAssert.Tests.Engine;

[Collection(RealClockCollection.Name)]
public sealed class BadOperationTests
{
    [Fact]
    public async Task RunAsync_OperationThrows_FailsNamingTheOperationWithTheCause()
    {
        var error = await Assert.ThrowsAsync<PerfMeasurementException>(() =>
            Perf.Measure("flaky call", () => throw new InvalidOperationException("target unreachable")).AllocatedBytesAtMost(0).RunAsync(TestContext.Current.CancellationToken));

        Assert.Contains("'flaky call'", error.Message, StringComparison.Ordinal);
        Assert.Contains("target unreachable", error.Message, StringComparison.Ordinal);
        Assert.IsType<InvalidOperationException>(error.InnerException);
    }

    [Fact]
    public async Task RunAsync_OperationNeverCompletes_FailsWithinTheTimeoutNamingTheSetting()
    {
        var never = new TaskCompletionSource();
        var error = await Assert.ThrowsAsync<PerfMeasurementException>(() =>
            Perf.Measure("hung call", _ => never.Task)
                .AllocatedBytesAtMost(0)
                .WithOptions(o => o with { OperationTimeout = TimeSpan.FromMilliseconds(200) })
                .RunAsync(TestContext.Current.CancellationToken));

        Assert.Contains("'hung call'", error.Message, StringComparison.Ordinal);
        Assert.Contains(nameof(PerfOptions.OperationTimeout), error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_Cancelled_StopsWithOperationCanceled()
    {
        using var cancellation = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        var calls = 0;
        var run = Perf.Measure("long call", async ct =>
            {
                if (++calls == 50)
                {
                    await cancellation.CancelAsync();
                }

                await Task.Yield();
            })
            .AllocatedBytesAtMost(0)
            .RunAsync(cancellation.Token);

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => run);
    }
}
