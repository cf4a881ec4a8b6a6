using System.Diagnostics;
using PerfAssert.Functional.Support;
using PerfAssert.Load;

namespace PerfAssert.Functional.Load;

/// <summary>
/// A load session whose worker stops answering (here: stopped by a signal, as a worker stuck in a system call or starved
/// would be) fails the block within its bound, the block's time plus its requests' timeout plus a margin, never later,
/// and leaves no process behind.
/// </summary>
public sealed class LoadSessionTests
{
    [Fact]
    public async Task RunAsync_WorkerThatStopsAnswering_FailsWithinItsBoundAndLeavesNoProcess()
    {
        await using var server = ScriptedHttpServer.Start(_ => ScriptedAnswer.Ok("hello world"));
        var plan = new LoadPlan
        {
            Name = "scripted",
            Target = server.Uri,
            Expect = new LoadExpectation { Body = "hello world"u8.ToArray() },
            Concurrency = 2,
            Requests = 10,
            RequestTimeout = TimeSpan.FromSeconds(1),
        };
        var worker = 0;
        await using var session = await LoadSession.StartAsync([plan], new LoadWorkerOptions { Started = id => worker = id }, TestContext.Current.CancellationToken);
        Assert.Equal(0, (await session.RunAsync(0, TimeSpan.FromMilliseconds(100), TestContext.Current.CancellationToken)).Errors);
        using (var stop = Process.Start("kill", ["-STOP", worker.ToString(System.Globalization.CultureInfo.InvariantCulture)]))
        {
            await stop.WaitForExitAsync(TestContext.Current.CancellationToken);
        }

        var waited = Stopwatch.StartNew();
        var error = await Assert.ThrowsAsync<LoadWorkerException>(() => session.RunAsync(0, TimeSpan.FromMilliseconds(100), TestContext.Current.CancellationToken));

        // 0.1 s of block, 1 s of request timeout and 1 s of grace for the requests in flight, 5 s for the answer to come.
        Assert.Contains($"The load worker (process {worker}) loading 'scripted' did not answer a block of 'scripted' within 7.1 s; it was killed with its process tree.", error.Message, StringComparison.Ordinal);
        Assert.InRange(waited.Elapsed, TimeSpan.FromSeconds(7), TimeSpan.FromSeconds(20));
        Assert.Throws<ArgumentException>(() => Process.GetProcessById(worker));
    }
}
