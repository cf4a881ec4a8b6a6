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
    /// <summary>What a run asks of its loops, shared by its threads: the next request or not, the answer's check, an error's count.</summary>
    public sealed record Run(Func<bool> Another, Func<ILoadAnswer, bool> Right, Action<(string Kind, string Text)> Failed, TimeSpan Deadline, CancellationToken Overall);

    /// <summary>
    /// Runs <paramref name="run"/> over <paramref name="connections"/>, dealt round-robin to <paramref name="threads"/> event
    /// loops, each ending an exchange older than <paramref name="requestTimeoutTicks"/> within <paramref name="checkMilliseconds"/>;
    /// each loop's correct answers' latencies (as <see cref="Stopwatch"/> ticks) when all have ended.
    /// </summary>
    public static Task<List<long>[]> RunAsync(IReadOnlyList<PolledConnection> connections, int threads, Run run, long requestTimeoutTicks, int checkMilliseconds) =>
        Task.WhenAll(Enumerable.Range(0, threads).Select(t =>
        {
            var loop = new EventLoop([.. connections.Where((_, i) => i % threads == t)], run, requestTimeoutTicks, checkMilliseconds);
            var done = new TaskCompletionSource<List<long>>(TaskCreationOptions.RunContinuationsAsynchronously);
            var thread = new Thread(() =>
            {
                try
                {
                    done.SetResult(loop.Run());
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
        }));

    /// <summary>One thread's loop over its connections, with an epoll instance of its own for the run.</summary>
    private sealed class EventLoop(PolledConnection[] mine, Run run, long requestTimeoutTicks, int checkMilliseconds)
    {
        private readonly List<long> _latencies = new(1024);
        private int _epoll = -1;
        private int _inFlight;

        public List<long> Run()
        {
            _epoll = Libc.EpollCreate(0x80000 /* EPOLL_CLOEXEC */);
            if (_epoll < 0)
            {
                throw new InvalidOperationException($"epoll_create1 failed: {Marshal.GetPInvokeErrorMessage(Marshal.GetLastPInvokeError())}");
            }

            try
            {
                for (var slot = 0; slot < mine.Length; slot++)
                {
                    mine[slot].Slot = slot;
                    mine[slot].DropIfClosed();
                    if (mine[slot].Fd >= 0)
                    {
                        Watch(mine[slot]);
                    }
                }

                foreach (var connection in mine)
                {
                    _inFlight += Start(connection) ? 1 : 0;
                }

                Poll();
            }
            finally
            {
                Libc.Close(_epoll);
            }

            return _latencies;
        }

        private void Poll()
        {
            var events = new byte[Libc.EventBytes * mine.Length];
            var checkTicks = checkMilliseconds * Stopwatch.Frequency / 1000;
            var checkedAt = Stopwatch.GetTimestamp();
            while (_inFlight > 0)
            {
                var ready = Libc.EpollWait(_epoll, ref events[0], mine.Length, checkMilliseconds);
                if (ready < 0 && Marshal.GetLastPInvokeError() is var errno && errno != Libc.EINTR)
                {
                    throw new InvalidOperationException($"epoll_wait failed: {Marshal.GetPInvokeErrorMessage(errno)}");
                }

                for (var i = 0; i < ready; i++)
                {
                    Answer(mine[BitConverter.ToInt64(events, (i * Libc.EventBytes) + Libc.EventDataOffset)]);
                }

                var now = Stopwatch.GetTimestamp();
                if (now - checkedAt >= checkTicks || run.Overall.IsCancellationRequested)
                {
                    checkedAt = now;
                    Expire(now);
                }
            }
        }

        /// <summary>Reads a readable connection; once its answer is whole (or the exchange failed), counts it and sends the next.</summary>
        private void Answer(PolledConnection connection)
        {
            var sentAt = connection.SentAt;
            if (sentAt == 0)
            {
                // An event from a connection this batch already ended.
                return;
            }

            switch (connection.Receive())
            {
                case PolledConnection.Progress.Pending:
                    return;
                case PolledConnection.Progress.Answered:
                    if (run.Right(connection))
                    {
                        _latencies.Add(Stopwatch.GetTimestamp() - sentAt);
                    }

                    break;
                default:
                    run.Failed(connection.Error);
                    break;
            }

            _inFlight -= Start(connection) ? 0 : 1;
        }

        /// <summary>Sends the connection's next request, opening it again first when it was closed; false once the run wants no more.</summary>
        private bool Start(PolledConnection connection)
        {
            while (run.Another())
            {
                if (connection.Fd < 0)
                {
                    if (!connection.Open())
                    {
                        run.Failed(connection.Error);
                        continue;
                    }

                    Watch(connection);
                }

                if (connection.Send(Stopwatch.GetTimestamp()))
                {
                    return true;
                }

                run.Failed(connection.Error);
            }

            return false;
        }

        /// <summary>Ends the exchanges past their time (or all, once the run's deadline has passed).</summary>
        private void Expire(long now)
        {
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
                else if (now - sentAt > requestTimeoutTicks)
                {
                    connection.Abort(connection.TimedOut());
                }
                else
                {
                    continue;
                }

                run.Failed(connection.Error);
                _inFlight -= Start(connection) ? 0 : 1;
            }
        }

        private void Watch(PolledConnection connection)
        {
            if (!Libc.Watch(_epoll, connection.Fd, connection.Slot))
            {
                throw new InvalidOperationException($"epoll_ctl failed: {Marshal.GetPInvokeErrorMessage(Marshal.GetLastPInvokeError())}");
            }
        }
    }
}
