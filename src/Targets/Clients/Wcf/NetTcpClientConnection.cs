using System.Net;
using System.Net.Security;
using System.Net.Sockets;
using System.Security.Authentication;
using System.Security.Cryptography.X509Certificates;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// One open NetTcp stand-in session: the preamble (and TLS upgrade) is done once, then calls go one after the other
/// over the same socket, as a WCF channel reuses its connection. Not thread-safe; its client serializes calls.
/// </summary>
internal sealed class NetTcpClientConnection : IAsyncDisposable
{
    private readonly TcpClient _tcp;
    private readonly Stream _stream;
    private readonly BufferedStream _input;
    private readonly NetTcpBinaryCodec _codec = new();
    private readonly byte[] _scratch = new byte[1];
    private readonly string _via;

    private NetTcpClientConnection(TcpClient tcp, Stream stream, string via)
    {
        _tcp = tcp;
        _stream = stream;
        _via = via;
        // Reads go through a buffer so the record byte and size do not cost a socket read each; writes are whole frames.
        _input = new BufferedStream(stream, 64 * 1024);
    }

    /// <summary>The negotiated TLS protocol, or <see langword="null"/> without transport security.</summary>
    public SslProtocols? TlsProtocol => _stream is SslStream { IsEncrypted: true } ssl ? ssl.SslProtocol : null;

    public static async Task<NetTcpClientConnection> OpenAsync(IPEndPoint endpoint, NetTcpSecurity security, Func<X509Certificate?, bool> trust, CancellationToken cancellationToken)
    {
        var tcp = new TcpClient(endpoint.AddressFamily) { NoDelay = true };
        try
        {
            await tcp.ConnectAsync(endpoint, cancellationToken).ConfigureAwait(false);
            Stream stream = tcp.GetStream();
            var scratch = new byte[1];
            var via = Via(endpoint);
            await WriteAsync(stream, Preamble(via, security), cancellationToken).ConfigureAwait(false);
            if (security == NetTcpSecurity.Transport)
            {
                await ExpectAsync(stream, scratch, NetTcpRecord.UpgradeResponse, cancellationToken).ConfigureAwait(false);
                var ssl = new SslStream(stream, leaveInnerStreamOpen: false);
                stream = ssl;
                var options = new SslClientAuthenticationOptions
                {
                    TargetHost = endpoint.Address.ToString(),
                    // Only the stand-in's self-signed certificate is trusted (this process's, or one pinned on first use); no other passes, valid or not.
                    RemoteCertificateValidationCallback = (_, certificate, _, _) => trust(certificate),
                };
                await ssl.AuthenticateAsClientAsync(options, cancellationToken).ConfigureAwait(false);
            }

            await WriteAsync(stream, [NetTcpRecord.PreambleEnd], cancellationToken).ConfigureAwait(false);
            await ExpectAsync(stream, scratch, NetTcpRecord.PreambleAck, cancellationToken).ConfigureAwait(false);
            return new NetTcpClientConnection(tcp, stream, via);
        }
        catch
        {
            tcp.Dispose();
            throw;
        }
    }

    public async Task<object?> CallAsync(string operation, object?[] arguments, CancellationToken cancellationToken)
    {
        var addressing = RequestAddressing.NewTo(_via);
        var frame = _codec.EncodeFrame(writer => SoapMessage.WriteRequest(writer, SoapVersion.Soap12WSAddressing10, operation, arguments, addressing));
        await WriteAsync(_stream, frame, cancellationToken).ConfigureAwait(false);
        await ExpectAsync(_input, _scratch, NetTcpRecord.SizedEnvelope, cancellationToken).ConfigureAwait(false);
        var size = await NetTcpFraming.ReadSizeAsync(_input, _scratch, cancellationToken).ConfigureAwait(false);
        if (size > WcfLimits.MaxReceivedMessageSize)
        {
            throw new NetTcpFramingException(NetTcpRecord.MaxMessageSizeExceededFault, $"The {size}-byte reply exceeds the maximum of {WcfLimits.MaxReceivedMessageSize} bytes.");
        }

        var payload = new byte[size];
        await _input.ReadExactlyAsync(payload, cancellationToken).ConfigureAwait(false);
        using var reader = _codec.Decode(payload);
        return SoapMessage.ReadResult(reader, SoapVersion.Soap12WSAddressing10, operation, addressing.MessageId);
    }

    public async ValueTask DisposeAsync()
    {
        // Ends the session politely, as a closing WCF channel sends an end record; a dead peer must not delay disposal.
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(1));
        try
        {
            await WriteAsync(_stream, [NetTcpRecord.End], timeout.Token).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or ObjectDisposedException or OperationCanceledException or InvalidOperationException)
        {
            // Already broken; disposing is all that is left.
        }

        await _input.DisposeAsync().ConfigureAwait(false);
        _tcp.Dispose();
    }

    /// <summary>The service's address: the preamble's via and each request's <c>To</c>.</summary>
    private static string Via(IPEndPoint endpoint) => $"net.tcp://{endpoint}/wcf/nettcp";

    private static byte[] Preamble(string via, NetTcpSecurity security)
    {
        using var buffer = new MemoryStream();
        buffer.Write([NetTcpRecord.Version, NetTcpRecord.MajorVersion, NetTcpRecord.MinorVersion, NetTcpRecord.Mode, NetTcpRecord.DuplexMode, NetTcpRecord.Via]);
        NetTcpFraming.WriteString(buffer, via);
        buffer.Write([NetTcpRecord.KnownEncoding, NetTcpRecord.BinarySessionEncoding]);
        if (security == NetTcpSecurity.Transport)
        {
            buffer.WriteByte(NetTcpRecord.UpgradeRequest);
            NetTcpFraming.WriteString(buffer, NetTcpRecord.TlsUpgrade);
        }

        return buffer.ToArray();
    }

    // The server answers a framing error with a fault record instead of the expected one; surface its fault string.
    private static async Task ExpectAsync(Stream stream, byte[] scratch, byte expected, CancellationToken cancellationToken)
    {
        var record = await NetTcpFraming.ReadByteOrEndAsync(stream, scratch, cancellationToken).ConfigureAwait(false);
        if (record == expected)
        {
            return;
        }

        if (record == NetTcpRecord.Fault)
        {
            var fault = await NetTcpFraming.ReadStringAsync(stream, scratch, cancellationToken).ConfigureAwait(false);
            throw new NetTcpFramingException(fault, "The service faulted the session.");
        }

        throw record < 0
            ? new EndOfStreamException("The service closed the connection.")
            : new NetTcpFramingException(NetTcpRecord.InvalidRecordFault, $"Expected record 0x{expected:X2}, got 0x{record:X2}.");
    }

    private static async Task WriteAsync(Stream stream, byte[] bytes, CancellationToken cancellationToken)
    {
        await stream.WriteAsync(bytes, cancellationToken).ConfigureAwait(false);
        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
    }
}
