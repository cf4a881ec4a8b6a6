using System.Net;
using System.Net.Sockets;
using System.Xml;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Functional.Wcf;

/// <summary>A hand-driven NetTcp stand-in session, to send what a well-behaved client never would.</summary>
internal sealed class RawNetTcpSession : IAsyncDisposable
{
    private readonly TcpClient _tcp;
    private readonly NetworkStream _stream;
    private readonly byte[] _scratch = new byte[1];

    private RawNetTcpSession(TcpClient tcp)
    {
        _tcp = tcp;
        _stream = tcp.GetStream();
    }

    public NetTcpBinaryCodec Codec { get; } = new();

    /// <summary>The tuned endpoint's preamble: version 1.0, duplex, a via, binary session encoding, preamble end.</summary>
    public static byte[] TunedPreamble { get; } =
    [
        NetTcpRecord.Version, 1, 0, NetTcpRecord.Mode, NetTcpRecord.DuplexMode,
        .. NetTcpFraming.StringRecord(NetTcpRecord.Via, "net.tcp://127.0.0.1/wcf/nettcp"),
        NetTcpRecord.KnownEncoding, NetTcpRecord.BinarySessionEncoding, NetTcpRecord.PreambleEnd,
    ];

    public static async Task<RawNetTcpSession> ConnectAsync(IPEndPoint endpoint, byte[]? preamble = null)
    {
        var tcp = new TcpClient(AddressFamily.InterNetwork) { NoDelay = true };
        await tcp.ConnectAsync(endpoint, TestContext.Current.CancellationToken).AsTask().Within();
        var session = new RawNetTcpSession(tcp);
        if (preamble is null)
        {
            await session.SendAsync(TunedPreamble);
            Assert.Equal(NetTcpRecord.PreambleAck, await session.ReadRecordAsync());
        }
        else
        {
            await session.SendAsync(preamble);
        }

        return session;
    }

    public Task SendAsync(byte[] bytes) => _stream.WriteAsync(bytes, TestContext.Current.CancellationToken).AsTask().Within();

    public void EndSending() => _tcp.Client.Shutdown(SocketShutdown.Send);

    /// <summary>The next record byte, or -1 when the service closed the connection.</summary>
    public async Task<int> ReadRecordAsync()
    {
        try
        {
            return await NetTcpFraming.ReadByteOrEndAsync(_stream, _scratch, TestContext.Current.CancellationToken).AsTask().Within();
        }
        catch (IOException)
        {
            return -1;
        }
    }

    public async Task<string> ReadFaultAsync()
    {
        Assert.Equal(NetTcpRecord.Fault, await ReadRecordAsync());
        return await NetTcpFraming.ReadStringAsync(_stream, _scratch, TestContext.Current.CancellationToken).AsTask().Within();
    }

    /// <summary>Sends a frame and reads the reply envelope's result for <paramref name="operation"/>, or throws its fault.</summary>
    public async Task<object?> CallAsync(byte[] frame, string operation)
    {
        await SendAsync(frame);
        Assert.Equal(NetTcpRecord.SizedEnvelope, await ReadRecordAsync());
        var size = await NetTcpFraming.ReadSizeAsync(_stream, _scratch, TestContext.Current.CancellationToken).AsTask().Within();
        var payload = new byte[size];
        await _stream.ReadExactlyAsync(payload, TestContext.Current.CancellationToken).AsTask().Within();
        using var reader = Codec.Decode(payload);
        return SoapMessage.ReadResult(reader, SoapVersion.Soap12WSAddressing10, operation);
    }

    public byte[] Request(string operation, params object?[] arguments) =>
        Codec.EncodeFrame(writer => SoapMessage.WriteRequest(writer, SoapVersion.Soap12WSAddressing10, operation, arguments));

    public byte[] RequestWithAction(string action) => Codec.EncodeFrame(writer => WriteEnvelope(writer, action));

    public async ValueTask DisposeAsync()
    {
        await _stream.DisposeAsync();
        _tcp.Dispose();
    }

    private static void WriteEnvelope(XmlDictionaryWriter writer, string action)
    {
        const string Soap12 = "http://www.w3.org/2003/05/soap-envelope";
        const string Addressing = "http://www.w3.org/2005/08/addressing";
        writer.WriteStartElement("s", "Envelope", Soap12);
        writer.WriteStartElement("s", "Header", Soap12);
        writer.WriteElementString("a", "Action", Addressing, action);
        writer.WriteEndElement();
        writer.WriteStartElement("s", "Body", Soap12);
        writer.WriteElementString("Nothing", WcfContract.Namespace, string.Empty);
        writer.WriteEndElement();
        writer.WriteEndElement();
        writer.Flush();
    }
}
