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
    private const long Idle = 0;
    private const long Aborted = -1;
    private readonly Http11Client _client;
    private readonly Http11AnswerReader _reader;
    private Socket? _socket;
    private bool _connected;
    private long _busySince;
    private bool _rented;
    private CancellationToken _run;

    public Http11Connection(Http11Client client, int keptBodyBytes, bool bodiless)
    {
        _client = client;
        _reader = new Http11AnswerReader(keptBodyBytes, bodiless);
    }

    public int Status => _reader.Parser.Status;

    public ReadOnlySpan<byte> Body => _reader.Parser.Body;

    public long BodyLength => _reader.Parser.BodyLength;

    public (string Kind, string Text) Error { get; private set; }

    /// <summary>Why the target could not be reached, when the last exchange failed so (the probe's reason for exit code 3).</summary>
    public string? Unreachable { get; private set; }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    public async ValueTask<bool> ExchangeAsync(CancellationToken run)
    {
        _run = run;
        Unreachable = null;
        if (_rented)
        {
            // The first request after the connection sat idle (between a warm-up and a run, or two runs): one the server
            // closed meanwhile is dropped before anything is sent on it, and the request goes out on a fresh connection.
            _rented = false;
            DropIfClosed();
        }

        // The socket is in place before the exchange is marked busy, so the watchdog closes the socket of the exchange it timed.
        var socket = _socket ??= NewSocket();
        Volatile.Write(ref _busySince, Stopwatch.GetTimestamp());
        _reader.Reset();
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
            Error = _client.Failure(ex is SocketException socketError ? $"SocketException ({socketError.SocketErrorCode})" : ex.GetType().Name, !_connected, $"{ex.GetType().Name}: {ex.Message}");
            Unreachable = _connected ? null : $"{(ex is SocketException { SocketErrorCode: SocketError.HostNotFound or SocketError.TryAgain or SocketError.NoData } ? "NameResolutionError" : "ConnectionError")}: {ex.Message}";
            answered = false;
        }

        if (Interlocked.Exchange(ref _busySince, Idle) == Aborted)
        {
            Error = _client.TimedOut(_reader.Received);
            Unreachable = $"no answer within the request timeout of {_client.RequestTimeout.TotalSeconds:0.#} s";
            answered = false;
        }

        if (!answered || !_reader.Parser.KeepAlive)
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

    /// <summary>Marks the connection as taken for a run: its first exchange checks that the server has not closed it while idle.</summary>
    public void Rented() => _rented = true;

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

    /// <summary>Closes the connection when its server has closed it (or sent something unasked) while it sat idle.</summary>
    private void DropIfClosed()
    {
        if (_socket is { } socket && _connected && socket.Poll(0, SelectMode.SelectRead))
        {
            Close();
        }
    }

    [AsyncMethodBuilder(typeof(PoolingAsyncValueTaskMethodBuilder<>))]
    private async ValueTask<bool> SendAndReceiveAsync(Socket socket)
    {
        var request = _client.Request;
        for (var sent = 0; sent < request.Length;)
        {
            sent += await socket.SendAsync(request[sent..], SocketFlags.None).ConfigureAwait(false);
        }

        while (true)
        {
            var read = await socket.ReceiveAsync(_reader.Free(), SocketFlags.None).ConfigureAwait(false);
            var result = _reader.Read(read);
            if (result == Http11ParseResult.Done)
            {
                _connected &= !_reader.Closed;
                return true;
            }

            if (result == Http11ParseResult.Malformed || _reader.Closed)
            {
                _connected &= !_reader.Closed;
                Error = _reader.Failure(_client.Target);
                return false;
            }
        }
    }
}
