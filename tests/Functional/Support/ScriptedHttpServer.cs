using System.Net;
using System.Net.Sockets;
using System.Text;
using System.Text.RegularExpressions;

namespace PerfAssert.Functional.Support;

/// <summary>
/// A loopback HTTP/1.1 server that answers each request (numbered from 1 across its connections) as a script says: with
/// bytes written in the pieces given, by closing the connection, or not at all. It shows how a client takes the answers no
/// real server gives on purpose: split, malformed, cut short, never sent.
/// </summary>
internal sealed partial class ScriptedHttpServer : IAsyncDisposable
{
    private readonly TcpListener _listener = new(IPAddress.Loopback, 0);
    private readonly Func<int, ScriptedAnswer> _script;
    private readonly CancellationTokenSource _stop = new();
    private readonly List<Task> _serving = [];
    private readonly Task _accepting;
    private int _requests;
    private int _connections;

    private ScriptedHttpServer(Func<int, ScriptedAnswer> script)
    {
        _script = script;
        _listener.Start();
        _accepting = AcceptAsync();
    }

    /// <summary>The address requests go to.</summary>
    public Uri Uri => new($"http://127.0.0.1:{((IPEndPoint)_listener.LocalEndpoint).Port}/scripted");

    /// <summary>Requests read so far.</summary>
    public int Requests => Volatile.Read(ref _requests);

    /// <summary>Connections accepted so far.</summary>
    public int Connections => Volatile.Read(ref _connections);

    public static ScriptedHttpServer Start(Func<int, ScriptedAnswer> script) => new(script);

    public async ValueTask DisposeAsync()
    {
        await _stop.CancelAsync();
        _listener.Stop();
        Task[] all;
        lock (_serving)
        {
            all = [_accepting, .. _serving];
        }

        // Every loop ends on the cancellation or the stopped listener; one that does not fails the test.
        await Task.WhenAll(all).WaitAsync(TimeSpan.FromSeconds(10));
        _stop.Dispose();
    }

    private async Task AcceptAsync()
    {
        try
        {
            while (true)
            {
                var socket = await _listener.AcceptSocketAsync(_stop.Token);
                socket.NoDelay = true;
                Interlocked.Increment(ref _connections);
                lock (_serving)
                {
                    _serving.Add(ServeAsync(socket));
                }
            }
        }
        catch (Exception ex) when (ex is OperationCanceledException or SocketException or ObjectDisposedException or InvalidOperationException)
        {
            // Stopped (the listener's Stop can come between one accept and the next, which then finds it not listening).
        }
    }

    private async Task ServeAsync(Socket socket)
    {
        using var stream = new NetworkStream(socket, ownsSocket: true);
        var buffer = new byte[64 * 1024];
        var have = 0;
        try
        {
            while (true)
            {
                int headEnd;
                while ((headEnd = buffer.AsSpan(0, have).IndexOf("\r\n\r\n"u8)) < 0)
                {
                    var read = await stream.ReadAsync(buffer.AsMemory(have), _stop.Token);
                    if (read == 0)
                    {
                        return;
                    }

                    have += read;
                }

                var length = ContentLength().Match(Encoding.ASCII.GetString(buffer, 0, headEnd)) is { Success: true } match ? int.Parse(match.Groups[1].Value, System.Globalization.CultureInfo.InvariantCulture) : 0;
                var total = headEnd + 4 + length;
                while (have < total)
                {
                    var read = await stream.ReadAsync(buffer.AsMemory(have), _stop.Token);
                    if (read == 0)
                    {
                        return;
                    }

                    have += read;
                }

                buffer.AsSpan(total, have - total).CopyTo(buffer);
                have -= total;
                var answer = _script(Interlocked.Increment(ref _requests));
                foreach (var piece in answer.Pieces)
                {
                    await stream.WriteAsync(piece, _stop.Token);
                }

                if (answer.Silent)
                {
                    await Task.Delay(Timeout.Infinite, _stop.Token);
                }

                if (answer.Close)
                {
                    return;
                }
            }
        }
        catch (Exception ex) when (ex is OperationCanceledException or IOException or SocketException or ObjectDisposedException)
        {
            // Stopped, or the client closed the connection.
        }
    }

    [GeneratedRegex(@"(?im)^content-length:\s*(\d+)\s*$")]
    private static partial Regex ContentLength();
}
