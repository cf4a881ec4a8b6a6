using System.Net;
using System.Net.Sockets;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Floor;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>
/// The TCP floor: one connection to the <see cref="FloorModule.TcpEchoProtocol"/> listener on which each ping-pong
/// writes N bytes and reads the same N bytes back. Not thread-safe: one ping-pong at a time per client.
/// </summary>
public sealed class FloorTcpClient : IAsyncDisposable
{
    private readonly Socket _socket;
    private byte[] _sent = [];
    private byte[] _received = [];

    private FloorTcpClient(Socket socket) => _socket = socket;

    /// <summary>Connects to the floor echo of a loopback host (raw TCP has no in-memory form).</summary>
    public static async Task<FloorTcpClient> ConnectAsync(TargetEndpoints endpoints, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        if (!endpoints.Tcp.TryGetValue(FloorModule.TcpEchoProtocol, out var endpoint))
        {
            throw new InvalidOperationException($"No '{FloorModule.TcpEchoProtocol}' listener: run the host on loopback with {nameof(FloorModule)}.");
        }

        return await ConnectAsync(endpoint, cancellationToken).ConfigureAwait(false);
    }

    public static async Task<FloorTcpClient> ConnectAsync(IPEndPoint endpoint, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        var socket = new Socket(endpoint.AddressFamily, SocketType.Stream, ProtocolType.Tcp) { NoDelay = true };
        try
        {
            await socket.ConnectAsync(endpoint, cancellationToken).ConfigureAwait(false);
            return new FloorTcpClient(socket);
        }
        catch
        {
            socket.Dispose();
            throw;
        }
    }

    /// <summary>Writes <paramref name="byteCount"/> bytes, reads them back and checks they are the same.</summary>
    public async Task PingPongAsync(int byteCount, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(byteCount);
        if (_sent.Length != byteCount)
        {
            _sent = new byte[byteCount];
            _received = new byte[byteCount];
            for (var i = 0; i < byteCount; i++)
            {
                _sent[i] = (byte)(i * 31 + 7);
            }
        }

        await _socket.SendAsync(_sent, SocketFlags.None, cancellationToken).ConfigureAwait(false);
        var total = 0;
        while (total < byteCount)
        {
            var read = await _socket.ReceiveAsync(_received.AsMemory(total), SocketFlags.None, cancellationToken).ConfigureAwait(false);
            total += read == 0 ? throw new IOException($"The floor echo closed the connection after {total} of {byteCount} bytes.") : read;
        }

        if (!_sent.AsSpan().SequenceEqual(_received))
        {
            throw new InvalidDataException("The floor echo answered different bytes than were sent.");
        }
    }

    public ValueTask DisposeAsync()
    {
        _socket.Dispose();
        return ValueTask.CompletedTask;
    }
}
