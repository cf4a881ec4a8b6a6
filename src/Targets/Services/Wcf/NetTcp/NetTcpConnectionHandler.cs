using System.Net.Security;
using System.Security.Authentication;
using Microsoft.AspNetCore.Connections;
using Microsoft.AspNetCore.Connections.Features;

namespace PerfAssert.Targets.Services.Wcf.NetTcp;

/// <summary>
/// The NetTcpBinding stand-in's listener side, a stand-in for CoreWCF's NetTcp transport (not served by the package
/// registry; proven against the real WCF client, dotnet/wcf's NetTcpBinding with and without TLS, and Mono's WCF client,
/// docs/conformance.md): an MC-NMF-style duplex session (preamble, optional TLS upgrade, sized envelopes, end record) carrying
/// SOAP 1.2 + WS-Addressing envelopes in binary XML. One connection serves many calls in turn. A framing error,
/// an oversize frame or a stalled peer ends that connection with a fault record; a bad envelope or an unknown
/// action gets a SOAP fault and the connection stays open; the listener serves other connections throughout.
/// </summary>
public sealed class NetTcpConnectionHandler : ConnectionHandler
{
    private readonly WcfService _service;
    private readonly NetTcpSecurity _security;
    private readonly WcfModuleOptions _options;
    private readonly ILogger _logger;

    public NetTcpConnectionHandler(WcfService service, NetTcpSecurity security, WcfModuleOptions options, ILogger<NetTcpConnectionHandler> logger)
    {
        ArgumentNullException.ThrowIfNull(service);
        ArgumentNullException.ThrowIfNull(options);
        ArgumentNullException.ThrowIfNull(logger);
        _service = service;
        _security = security;
        _options = options;
        _logger = logger;
    }

    public override async Task OnConnectedAsync(ConnectionContext connection)
    {
        ArgumentNullException.ThrowIfNull(connection);
        // Kestrel asks connections to close when the host stops; an idle session must not hold the shutdown up. Not linked
        // to ConnectionClosed: Kestrel signals it when the peer half-closes, and a peer that sends its calls and then closes
        // its sending side must still get every answer (reads end at its close, writes fail once it is really gone).
        var closing = connection.Features.Get<IConnectionLifetimeNotificationFeature>()?.ConnectionClosedRequested ?? CancellationToken.None;
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(closing);
        await using var transport = new DuplexPipeStream(connection.Transport);
        Stream stream = transport;
        var scratch = new byte[1];
        try
        {
            timeout.CancelAfter(_options.FrameTimeout);
            stream = await AcceptPreambleAsync(transport, scratch, timeout.Token).ConfigureAwait(false);
            await ServeAsync(stream, scratch, timeout).ConfigureAwait(false);
        }
        catch (NetTcpFramingException ex)
        {
            _logger.LogDebug("NetTcp connection {Id} faulted: {Reason}", connection.ConnectionId, ex.Message);
            await TrySendFaultAsync(stream, ex.Fault).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (!closing.IsCancellationRequested)
        {
            _logger.LogDebug("NetTcp connection {Id} timed out.", connection.ConnectionId);
            await TrySendFaultAsync(stream, NetTcpRecord.TimeoutFault).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or AuthenticationException or ObjectDisposedException or OperationCanceledException)
        {
            _logger.LogDebug("NetTcp connection {Id} ended: {Reason}", connection.ConnectionId, ex.Message);
        }
        finally
        {
            if (!ReferenceEquals(stream, transport))
            {
                await stream.DisposeAsync().ConfigureAwait(false);
            }
        }
    }

    private async Task ServeAsync(Stream stream, byte[] scratch, CancellationTokenSource timeout)
    {
        var codec = new NetTcpBinaryCodec();
        while (true)
        {
            timeout.CancelAfter(_options.IdleTimeout);
            var record = await NetTcpFraming.ReadByteOrEndAsync(stream, scratch, timeout.Token).ConfigureAwait(false);
            timeout.CancelAfter(_options.FrameTimeout);
            switch (record)
            {
                case < 0:
                    return;
                case NetTcpRecord.End:
                    await WriteAsync(stream, [NetTcpRecord.End], timeout.Token).ConfigureAwait(false);
                    return;
                case NetTcpRecord.SizedEnvelope:
                    var payload = await ReadEnvelopeAsync(stream, scratch, timeout.Token).ConfigureAwait(false);
                    await WriteAsync(stream, Handle(codec, payload), timeout.Token).ConfigureAwait(false);
                    break;
                default:
                    throw new NetTcpFramingException(NetTcpRecord.InvalidRecordFault, $"Unexpected record 0x{record:X2} in a duplex session.");
            }
        }
    }

    private static async Task<byte[]> ReadEnvelopeAsync(Stream stream, byte[] scratch, CancellationToken cancellationToken)
    {
        var size = await NetTcpFraming.ReadSizeAsync(stream, scratch, cancellationToken).ConfigureAwait(false);
        if (size > WcfLimits.MaxReceivedMessageSize)
        {
            throw new NetTcpFramingException(NetTcpRecord.MaxMessageSizeExceededFault, $"A {size}-byte envelope exceeds the maximum of {WcfLimits.MaxReceivedMessageSize} bytes.");
        }

        var payload = new byte[size];
        await stream.ReadExactlyAsync(payload, cancellationToken).ConfigureAwait(false);
        return payload;
    }

    private byte[] Handle(NetTcpBinaryCodec codec, byte[] payload)
    {
        WcfReply reply;
        using (var reader = codec.Decode(payload))
        {
            reply = WcfDispatcher.Dispatch(_service, reader, SoapVersion.Soap12WSAddressing10, transportAction: null);
        }

        try
        {
            return codec.EncodeFrame(writer => SoapMessage.WriteReply(writer, SoapVersion.Soap12WSAddressing10, reply));
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            var fault = WcfFaultException.InternalServiceFault("the reply could not be serialized.", ex);
            return codec.EncodeFrame(writer => SoapMessage.WriteFault(writer, SoapVersion.Soap12WSAddressing10, fault, reply.RelatesTo));
        }
    }

    private async Task<Stream> AcceptPreambleAsync(Stream transport, byte[] scratch, CancellationToken cancellationToken)
    {
        await NetTcpFraming.ExpectAsync(transport, scratch, NetTcpRecord.Version, NetTcpRecord.InvalidRecordFault, cancellationToken).ConfigureAwait(false);
        var major = await NetTcpFraming.ReadByteAsync(transport, scratch, cancellationToken).ConfigureAwait(false);
        await NetTcpFraming.ReadByteAsync(transport, scratch, cancellationToken).ConfigureAwait(false);
        if (major != NetTcpRecord.MajorVersion)
        {
            throw new NetTcpFramingException(NetTcpRecord.UnsupportedVersionFault, $"Framing version {major} is not supported.");
        }

        await NetTcpFraming.ExpectAsync(transport, scratch, NetTcpRecord.Mode, NetTcpRecord.InvalidRecordFault, cancellationToken).ConfigureAwait(false);
        await NetTcpFraming.ExpectAsync(transport, scratch, NetTcpRecord.DuplexMode, NetTcpRecord.UnsupportedModeFault, cancellationToken).ConfigureAwait(false);
        await NetTcpFraming.ExpectAsync(transport, scratch, NetTcpRecord.Via, NetTcpRecord.InvalidRecordFault, cancellationToken).ConfigureAwait(false);
        await NetTcpFraming.ReadStringAsync(transport, scratch, cancellationToken).ConfigureAwait(false);
        await NetTcpFraming.ExpectAsync(transport, scratch, NetTcpRecord.KnownEncoding, NetTcpRecord.InvalidRecordFault, cancellationToken).ConfigureAwait(false);
        await NetTcpFraming.ExpectAsync(transport, scratch, NetTcpRecord.BinarySessionEncoding, NetTcpRecord.ContentTypeInvalidFault, cancellationToken).ConfigureAwait(false);

        var stream = transport;
        var next = await NetTcpFraming.ReadByteAsync(transport, scratch, cancellationToken).ConfigureAwait(false);
        if (next == NetTcpRecord.UpgradeRequest)
        {
            stream = await UpgradeAsync(transport, scratch, cancellationToken).ConfigureAwait(false);
            next = await NetTcpFraming.ReadByteAsync(stream, scratch, cancellationToken).ConfigureAwait(false);
        }
        else if (_security == NetTcpSecurity.Transport)
        {
            throw new NetTcpFramingException(NetTcpRecord.UpgradeInvalidFault, "This endpoint requires transport security (a TLS upgrade).");
        }

        if (next != NetTcpRecord.PreambleEnd)
        {
            throw new NetTcpFramingException(NetTcpRecord.InvalidRecordFault, $"Expected the preamble end, got 0x{next:X2}.");
        }

        await WriteAsync(stream, [NetTcpRecord.PreambleAck], cancellationToken).ConfigureAwait(false);
        return stream;
    }

    private async Task<Stream> UpgradeAsync(Stream transport, byte[] scratch, CancellationToken cancellationToken)
    {
        var upgrade = await NetTcpFraming.ReadStringAsync(transport, scratch, cancellationToken).ConfigureAwait(false);
        if (_security != NetTcpSecurity.Transport || upgrade != NetTcpRecord.TlsUpgrade)
        {
            throw new NetTcpFramingException(NetTcpRecord.UpgradeInvalidFault, $"Upgrade '{upgrade}' is not offered on this endpoint.");
        }

        await WriteAsync(transport, [NetTcpRecord.UpgradeResponse], cancellationToken).ConfigureAwait(false);
        var ssl = new SslStream(transport, leaveInnerStreamOpen: true);
        try
        {
            var options = new SslServerAuthenticationOptions { ServerCertificate = NetTcpCertificate.Current, ClientCertificateRequired = false };
            await ssl.AuthenticateAsServerAsync(options, cancellationToken).ConfigureAwait(false);
            return ssl;
        }
        catch
        {
            await ssl.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    private static async Task WriteAsync(Stream stream, byte[] bytes, CancellationToken cancellationToken)
    {
        await stream.WriteAsync(bytes, cancellationToken).ConfigureAwait(false);
        await stream.FlushAsync(cancellationToken).ConfigureAwait(false);
    }

    private static async Task TrySendFaultAsync(Stream stream, string fault)
    {
        using var timeout = new CancellationTokenSource(TimeSpan.FromSeconds(2));
        try
        {
            await WriteAsync(stream, NetTcpFraming.StringRecord(NetTcpRecord.Fault, fault), timeout.Token).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or ObjectDisposedException or OperationCanceledException or InvalidOperationException or NotSupportedException)
        {
            // The peer is gone or the stream is unusable; closing the connection is all that is left.
        }
    }
}
