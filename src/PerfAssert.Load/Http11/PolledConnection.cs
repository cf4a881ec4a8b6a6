using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using System.Runtime.InteropServices;
using System.Runtime.Versioning;

namespace PerfAssert.Load.Http11;

/// <summary>
/// One keep-alive HTTP/1.1 connection that an event loop of <see cref="PolledLoops"/> drives: a non-blocking socket the loop's
/// epoll instance watches, the plan's request written with one <c>send</c>, each readable event answered with one
/// <c>recv</c> into the <see cref="Http11AnswerReader"/>. Nothing awaits it, so no completion passes through the runtime's
/// socket engine or thread pool: per request the process makes the calls wrk makes. Only the loop's own thread touches it.
/// </summary>
[SupportedOSPlatform("linux")]
internal sealed class PolledConnection : ILoadAnswer
{
    private readonly Http11Client _client;
    private readonly Http11AnswerReader _reader;
    private Socket? _socket;
    private int _fd = -1;

    public PolledConnection(Http11Client client, int keptBodyBytes, bool bodiless)
    {
        _client = client;
        _reader = new Http11AnswerReader(keptBodyBytes, bodiless);
    }

    /// <summary>What comes of a readable event.</summary>
    public enum Progress
    {
        /// <summary>The answer is not whole yet.</summary>
        Pending,

        /// <summary>The answer is whole: it can be checked.</summary>
        Answered,

        /// <summary>The exchange failed: <see cref="Error"/> says how; the connection is closed.</summary>
        Failed,
    }

    public int Status => _reader.Parser.Status;

    public ReadOnlySpan<byte> Body => _reader.Parser.Body;

    public long BodyLength => _reader.Parser.BodyLength;

    public (string Kind, string Text) Error { get; private set; }

    /// <summary>The socket's descriptor, or -1 when the connection is closed.</summary>
    public int Fd => _fd;

    /// <summary>Where its event loop keeps it during a run: the user data of its epoll events.</summary>
    public int Slot { get; set; }

    /// <summary>When the request in flight was sent (a <see cref="Stopwatch"/> timestamp), or 0 when none is.</summary>
    public long SentAt { get; private set; }

    /// <summary>
    /// Closes the connection when the server has closed it (or sent something unasked) while it sat idle between runs, so the
    /// run's first request goes out on a fresh connection instead of failing on a dead one.
    /// </summary>
    public void DropIfClosed()
    {
        if (_fd < 0)
        {
            return;
        }

        byte peek = 0;
        if (Libc.Receive(_fd, ref peek, 1, Libc.MsgPeek | Libc.MsgDontWait) != -1 || Marshal.GetLastPInvokeError() != Libc.EAGAIN)
        {
            Close();
        }
    }

    /// <summary>
    /// Opens a non-blocking connection to the first of the target's addresses that accepts one, all of them within the
    /// request timeout: false with <see cref="Error"/> when none does.
    /// </summary>
    public bool Open()
    {
        var started = Stopwatch.GetTimestamp();
        (string Kind, string Text) failure = default;
        foreach (var address in _client.Addresses)
        {
            var socket = new Socket(address.AddressFamily, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true, Blocking = false };
            try
            {
                socket.Connect(new IPEndPoint(address, _client.Target.Port));
            }
            catch (SocketException ex) when (ex.SocketErrorCode is SocketError.WouldBlock or SocketError.InProgress)
            {
                if (!Libc.WaitWritable((int)socket.Handle, RemainingMilliseconds(started)))
                {
                    socket.Dispose();
                    return Fail(_client.Failure("timeout", connecting: true, $"no connection within {_client.RequestTimeout.TotalSeconds:0.#} s"));
                }

                if (socket.GetSocketOption(SocketOptionLevel.Socket, SocketOptionName.Error) is int errno and not 0)
                {
                    socket.Dispose();
                    failure = SocketFailure(errno, connecting: true);
                    continue;
                }
            }
            catch (SocketException ex)
            {
                socket.Dispose();
                failure = _client.Failure($"SocketException ({ex.SocketErrorCode})", connecting: true, $"SocketException: {ex.Message}");
                continue;
            }

            (_socket, _fd) = (socket, (int)socket.Handle);
            return true;
        }

        return Fail(failure);
    }

    /// <summary>Sends the request on the open connection: false with <see cref="Error"/> (and the connection closed) when that fails.</summary>
    public bool Send(long now)
    {
        _reader.Reset();
        SentAt = now;
        var request = _client.Request.Span;
        var sent = 0;
        while (sent < request.Length)
        {
            var wrote = Libc.Send(_fd, ref MemoryMarshal.GetReference(request[sent..]), request.Length - sent, Libc.MsgNoSignal);
            if (wrote >= 0)
            {
                sent += (int)wrote;
                continue;
            }

            var errno = Marshal.GetLastPInvokeError();
            // A request larger than the socket's free send buffer (rare: several hundred KB on loopback) waits for room, within its timeout.
            if ((errno == Libc.EAGAIN && Libc.WaitWritable(_fd, RemainingMilliseconds(now))) || errno == Libc.EINTR)
            {
                continue;
            }

            return Fail(errno == Libc.EAGAIN ? ("timeout", $"the request could not be sent within {_client.RequestTimeout.TotalSeconds:0.#} s") : SocketFailure(errno, connecting: false));
        }

        return true;
    }

    /// <summary>Reads what the socket has of the answer.</summary>
    public Progress Receive()
    {
        // Never empty: the reader fails an answer whose line fills its whole buffer.
        var free = _reader.Free().Span;
        var read = Libc.Receive(_fd, ref MemoryMarshal.GetReference(free), free.Length, 0);
        if (read < 0)
        {
            var errno = Marshal.GetLastPInvokeError();
            return errno is Libc.EAGAIN or Libc.EINTR ? Progress.Pending : Failed(SocketFailure(errno, connecting: false));
        }

        switch (_reader.Read((int)read))
        {
            case Http11ParseResult.Done:
                SentAt = 0;
                if (_reader.Closed || !_reader.Parser.KeepAlive)
                {
                    Close();
                }

                return Progress.Answered;
            case Http11ParseResult.NeedMore when !_reader.Closed:
                return Progress.Pending;
            default:
                return Failed(_reader.Failure(_client.Target));
        }
    }

    /// <summary>Ends the exchange in flight with <paramref name="error"/> (its time is up, or the run's) and closes the connection.</summary>
    public void Abort((string Kind, string Text) error) => Failed(error);

    /// <summary>The abort text for a request that had no answer within the request timeout.</summary>
    public (string Kind, string Text) TimedOut() => _client.TimedOut(_reader.Received);

    /// <summary>Closes the connection; the next <see cref="Send"/> opens a new one.</summary>
    public void Close()
    {
        _socket?.Dispose();
        (_socket, _fd) = (null, -1);
    }

    private Progress Failed((string Kind, string Text) error)
    {
        Fail(error);
        return Progress.Failed;
    }

    private bool Fail((string Kind, string Text) error)
    {
        Error = error;
        SentAt = 0;
        Close();
        return false;
    }

    private (string Kind, string Text) SocketFailure(int errno, bool connecting) =>
        _client.Failure($"SocketException ({SocketErrorOf(errno)})", connecting, $"SocketException: {Marshal.GetPInvokeErrorMessage(errno)}");

    /// <summary>The socket error .NET reports for the Linux errno values a load meets; others as <see cref="SocketError.SocketError"/>.</summary>
    private static SocketError SocketErrorOf(int errno) => errno switch
    {
        32 => SocketError.Shutdown,
        104 => SocketError.ConnectionReset,
        110 => SocketError.TimedOut,
        111 => SocketError.ConnectionRefused,
        113 => SocketError.HostUnreachable,
        _ => SocketError.SocketError,
    };

    private int RemainingMilliseconds(long since) =>
        (int)Math.Max(0, (_client.RequestTimeout - Stopwatch.GetElapsedTime(since)).TotalMilliseconds);
}
