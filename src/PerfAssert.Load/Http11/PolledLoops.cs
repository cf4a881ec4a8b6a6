using System.Diagnostics;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;

namespace PerfAssert.Load.Http11;

/// <summary>
/// The lean client's closed loop on Linux, as wrk runs it: a few threads, each with an epoll instance of its own over its
/// share of the connections, waiting for answers and sending each connection's next request as soon as its answer is read
/// and checked. The socket engine that awaited sockets use costs a load worker 2-3 us of CPU per request on top of the
/// system calls themselves (user time; issue 42), CPU a small machine takes from the service it loads. Each thread also
/// keeps the time: an exchange past the request timeout, or still open when the run's deadline passes, is ended by closing
/// its connection, so no loop waits longer than the plan allows.
/// </summary>
[SupportedOSPlatform("linux")]
internal static class PolledLoops
{
    /// <summary>The callbacks and limits of one run, shared by its threads.</summary>
    public sealed record Run(
        Func<bool> Another, Func<ILoadAnswer, bool> Right, Action<(string Kind, string Text)> Failed, TimeSpan Deadline, long RequestTimeoutTicks, int CheckMilliseconds, CancellationToken Overall);

    /// <summary>
    /// Runs <paramref name="run"/> over <paramref name="connections"/>, dealt round-robin to <paramref name="threads"/> event loops;
    /// each loop's correct answers' latencies (as <see cref="Stopwatch"/> ticks) when all have ended.
    /// </summary>
    public static Task<List<long>[]> RunAsync(IReadOnlyList<PolledConnection> connections, int threads, Run run)
    {
        var loops = Enumerable.Range(0, threads).Select(t =>
        {
            var mine = connections.Where((_, i) => i % threads == t).ToArray();
            var done = new TaskCompletionSource<List<long>>(TaskCreationOptions.RunContinuationsAsynchronously);
            var thread = new Thread(() =>
            {
                try
                {
                    done.SetResult(Loop(mine, run));
                }
                catch (Exception ex)
                {
                    done.SetException(ex);
                }
            })
            {
                IsBackground = true,
                Name = "PerfAssert.Load event loop",
            };
            thread.Start();
            return done.Task;
        }).ToArray();
        return Task.WhenAll(loops);
    }

    private static List<long> Loop(PolledConnection[] mine, Run run)
    {
        var latencies = new List<long>(1024);
        var epoll = Libc.EpollCreate(0x80000 /* EPOLL_CLOEXEC */);
        if (epoll < 0)
        {
            throw new InvalidOperationException($"epoll_create1 failed: {Marshal.GetPInvokeErrorMessage(Marshal.GetLastPInvokeError())}");
        }

        try
        {
            void Opened(PolledConnection connection)
            {
                var slot = Array.IndexOf(mine, connection);
                if (!Libc.Watch(epoll, connection.Fd, slot))
                {
                    throw new InvalidOperationException($"epoll_ctl failed: {Marshal.GetPInvokeErrorMessage(Marshal.GetLastPInvokeError())}");
                }
            }

            bool Start(PolledConnection connection)
            {
                while (run.Another())
                {
                    if (connection.Send(Stopwatch.GetTimestamp(), Opened))
                    {
                        return true;
                    }

                    run.Failed(connection.Error);
                }

                return false;
            }

            var inFlight = 0;
            foreach (var connection in mine)
            {
                connection.DropIfClosed();
                if (connection.Fd >= 0)
                {
                    Opened(connection);
                }
            }

            foreach (var connection in mine)
            {
                inFlight += Start(connection) ? 1 : 0;
            }

            var events = new byte[Libc.EventBytes * mine.Length];
            var checkTicks = run.CheckMilliseconds * Stopwatch.Frequency / 1000;
            var checkedAt = Stopwatch.GetTimestamp();
            while (inFlight > 0)
            {
                var ready = Libc.EpollWait(epoll, ref events[0], mine.Length, run.CheckMilliseconds);
                if (ready < 0 && Marshal.GetLastPInvokeError() is var errno && errno != Libc.EINTR)
                {
                    throw new InvalidOperationException($"epoll_wait failed: {Marshal.GetPInvokeErrorMessage(errno)}");
                }

                for (var i = 0; i < ready; i++)
                {
                    var connection = mine[BitConverter.ToInt64(events, (i * Libc.EventBytes) + Libc.EventDataOffset)];
                    var sentAt = connection.SentAt;
                    if (sentAt == 0)
                    {
                        // An event from a connection this batch already ended.
                        continue;
                    }

                    switch (connection.Receive())
                    {
                        case PolledConnection.Progress.Pending:
                            continue;
                        case PolledConnection.Progress.Answered:
                            if (run.Right(connection))
                            {
                                latencies.Add(Stopwatch.GetTimestamp() - sentAt);
                            }

                            break;
                        default:
                            run.Failed(connection.Error);
                            break;
                    }

                    inFlight -= Start(connection) ? 0 : 1;
                }

                var now = Stopwatch.GetTimestamp();
                if (now - checkedAt >= checkTicks || run.Overall.IsCancellationRequested)
                {
                    checkedAt = now;
                    inFlight -= Expire(mine, run, now, Start);
                }
            }
        }
        finally
        {
            Libc.Close(epoll);
        }

        return latencies;
    }

    /// <summary>Ends the exchanges past their time (or all, once the run's deadline has passed); how many loops stopped.</summary>
    private static int Expire(PolledConnection[] mine, Run run, long now, Func<PolledConnection, bool> start)
    {
        var stopped = 0;
        foreach (var connection in mine)
        {
            var sentAt = connection.SentAt;
            if (sentAt == 0)
            {
                continue;
            }

            if (run.Overall.IsCancellationRequested)
            {
                connection.Abort(("deadline", $"the run's deadline of {run.Deadline} passed"));
            }
            else if (now - sentAt > run.RequestTimeoutTicks)
            {
                connection.Abort(connection.TimedOut());
            }
            else
            {
                continue;
            }

            run.Failed(connection.Error);
            stopped += start(connection) ? 0 : 1;
        }

        return stopped;
    }
}
