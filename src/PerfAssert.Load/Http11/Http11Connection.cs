using System.Diagnostics;
using System.Net.Sockets;
using System.Runtime.CompilerServices;

namespace PerfAssert.Load.Http11;

/// <summary>
/// One keep-alive HTTP/1.1 connection of a <see cref="Http11Client"/>: it writes the plan's encoded request as it is and reads
/// the answer into a buffer it keeps, through a parser that allocates nothing. No timer per request: the client's watchdog
/// aborts an exchange that has taken longer than the request timeout by closing its socket. A connection that failed, or
/// whose server asked to close it, is opened again for the next request.
/// </summary>
internal sealed class Http11Connection : ILoadChannel
{
    /// <summary>The longest line of an answer (status line, header, chunk size) the connection reads.</summary>
    public const int BufferBytes = 16 * 1024;

    private const long Idle = 0;
    private const long Aborted = -1;
    private readonly Http11Client _client;
    private readonly Http11ResponseParser _parser;
    private readonly byte[] _buffer = new byte[BufferBytes];
    private Socket? _socket;
    private bool _connected;
    private long _busySince;
    private int _received;
    private CancellationToken _run;

    public Http11Connection(Http11Client client, int keptBodyBytes, bool bodiless)
    {
        _client = client;
        _parser = new Http11ResponseParser(keptBodyBytes, bodiless);
    }

    public int Status => _parser.Status;

    public ReadOnlySpan<byte> Body => _parser.Body;

    public long BodyLength => _parser.BodyLength;

    public (string Kind, string Text) Error { get; private set; }

    /// <summary>Why the target could not be reached, when the last exchange failed so (the probe's reason for exit code 3).</summary>
    public string? Unreachable { get; private set; }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<bool> ExchangeAsync(CancellationToken run)
    {
        _run = run;
        Unreachable = null;
        // The socket is in place before the exchange is marked busy, so the watchdog closes the socket of the exchange it timed.
        var socket = _socket ??= NewSocket();
        Volatile.Write(ref _busySince, Stopwatch.GetTimestamp());
        _received = 0;
        bool answered;
        try
        {
            if (!_connected)
            {
                await ConnectAsync(socket).ConfigureAwait(false);
            }

            answered = await SendAndReceiveAsync(socket).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is SocketException or ObjectDisposedException)
        {
            Error = (ex is SocketException socketError ? $"SocketException ({socketError.SocketErrorCode})" : ex.GetType().Name,
                $"{(_connected ? "exchanging with" : "connecting to")} {_client.Target}: {ex.GetType().Name}: {ex.Message}");
            Unreachable = _connected ? null : $"{(ex is SocketException { SocketErrorCode: SocketError.HostNotFound or SocketError.TryAgain or SocketError.NoData } ? "NameResolutionError" : "ConnectionError")}: {ex.Message}";
            answered = false;
        }

        if (Interlocked.Exchange(ref _busySince, Idle) == Aborted)
        {
            Error = ("timeout", $"no answer within {_client.RequestTimeout.TotalSeconds:0.#} s: the connection was closed after {_received} bytes of the answer");
            Unreachable = $"no answer within the request timeout of {_client.RequestTimeout.TotalSeconds:0.#} s";
            answered = false;
        }

        if (!answered || !_parser.KeepAlive)
        {
            Close();
        }

        return answered;
    }

    public async Task<string?> ProbeAsync(CancellationToken cancellationToken)
    {
        // A wrong answer, or one that is not HTTP at all, is the run's to count: only a target that cannot be reached stops it.
        var answered = await ExchangeAsync(cancellationToken).ConfigureAwait(false);
        return answered ? null : Unreachable;
    }

    public void Release() => _client.Return(this);

    /// <summary>The watchdog's check: aborts the exchange when it has run past <paramref name="limit"/> or the run is over.</summary>
    public void Check(long now, long limit)
    {
        var since = Volatile.Read(ref _busySince);
        if (since <= Idle || (now - since < limit && !_run.IsCancellationRequested))
        {
            return;
        }

        var socket = Volatile.Read(ref _socket);
        if (Interlocked.CompareExchange(ref _busySince, Aborted, since) == since)
        {
            // Closing the socket ends its pending connect, send or receive at once, with an error the exchange then reports as a timeout.
            socket?.Dispose();
        }
    }

    /// <summary>Closes the connection for good.</summary>
    public void Close()
    {
        _socket?.Dispose();
        _socket = null;
        _connected = false;
    }

    private static Socket NewSocket() => new(SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder))]
    private async ValueTask ConnectAsync(Socket socket)
    {
        var addresses = await _client.AddressesAsync().ConfigureAwait(false);
        await socket.ConnectAsync(addresses, _client.Target.Port).ConfigureAwait(false);
        _connected = true;
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<bool> SendAndReceiveAsync(Socket socket)
    {
        var request = _client.Request;
        for (var sent = 0; sent < request.Length;)
        {
            sent += await socket.SendAsync(request[sent..], SocketFlags.None).ConfigureAwait(false);
        }

        _parser.Reset();
        int start = 0, end = 0;
        while (true)
        {
            if (end == _buffer.Length)
            {
                if (start == 0)
                {
                    return Malformed($"a line of it is over {BufferBytes} bytes");
                }

                _buffer.AsSpan(start, end - start).CopyTo(_buffer);
                (start, end) = (0, end - start);
            }

            var read = await socket.ReceiveAsync(_buffer.AsMemory(end), SocketFlags.None).ConfigureAwait(false);
            if (read == 0)
            {
                return Ended(end - start);
            }

            _received += read;
            end += read;
            var result = _parser.Parse(_buffer.AsSpan(start, end - start), out var used);
            start += used;
            if (result == Http11ParseResult.Malformed)
            {
                return Malformed(_parser.Problem!);
            }

            if (result == Http11ParseResult.Done)
            {
                // Bytes past the answer's end were not asked for: its framing is wrong (a Content-Length short of the body, say).
                return start == end || Malformed($"{end - start} bytes came after its end");
            }

            if (start == end)
            {
                (start, end) = (0, 0);
            }
        }
    }

    private bool Ended(int unconsumed)
    {
        var result = _parser.End(unconsumed);
        _connected = false;
        if (result == Http11ParseResult.Done)
        {
            return true;
        }

        Error = ("connection closed", result == Http11ParseResult.Malformed
            ? $"the server closed the connection mid-answer: {_parser.Problem}"
            : "the server closed the connection before answering");
        return false;
    }

    private bool Malformed(string problem)
    {
        Error = ("malformed response", $"malformed response from {_client.Target}: {problem}");
        return false;
    }
}
