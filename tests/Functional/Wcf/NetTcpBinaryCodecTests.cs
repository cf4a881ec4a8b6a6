using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.Todos;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Functional.Wcf;

public sealed class NetTcpBinaryCodecTests
{
    [Fact]
    public void EncodeFrame_SameMessageTwice_SendsSessionStringsOnlyTheFirstTime()
    {
        var writer = new NetTcpBinaryCodec();
        var reader = new NetTcpBinaryCodec();
        var items = PayloadGenerator.Large(1);

        var first = Encode(writer, items);
        var second = Encode(writer, items);

        Assert.True(second.Length < first.Length, $"second frame {second.Length} bytes, first {first.Length}");
        Assert.Null(PayloadComparer.FirstDifference(items, Decode(reader, first), PayloadComparer.Large));
        Assert.Null(PayloadComparer.FirstDifference(items, Decode(reader, second), PayloadComparer.Large));
    }

    [Fact]
    public void EncodeFrame_Envelope_UsesWcfStaticDictionaryIdsAndSendsContractNamesAsSessionStrings()
    {
        var frame = new NetTcpBinaryCodec().EncodeFrame(w => SoapMessage.WriteRequest(
            w, SoapVersion.Soap12WSAddressing10, WcfContract.EchoSmall, [new List<SmallItem>()], RequestAddressing.NewTo("net.tcp://127.0.0.1:1/wcf/nettcp")));
        var (strings, xml) = Split(frame);

        // [MC-NBFS]: 0x56 = element with prefix "s" and a dictionary name, id 0x02 "Envelope"; 0x0B = xmlns with a dictionary
        // namespace: "s" = 0x04 (SOAP 1.2), "a" = 0x06 (WS-Addressing 1.0); then s:Header (0x08) and a:Action (0x0A).
        // These are the bytes a real WCF client sends (issue 14 recorded Mono's: 56 02 0b 01 73 04).
        Assert.Equal<byte>([0x56, 0x02, 0x0B, 0x01, 0x73, 0x04, 0x0B, 0x01, 0x61, 0x06, 0x56, 0x08, 0x44, 0x0A], xml[..14]);
        Assert.Contains(WcfContract.Namespace, strings);
        Assert.Contains(WcfContract.EchoSmall, strings);
        Assert.DoesNotContain("Envelope", strings);
    }

    [Fact]
    public void Decode_SessionSectionLongerThanTheMessage_ThrowsFramingException()
    {
        var codec = new NetTcpBinaryCodec();

        var error = Assert.Throws<NetTcpFramingException>(() => codec.Decode([0x7F, 1, 2]));

        Assert.Equal(NetTcpRecord.InvalidRecordFault, error.Fault);
    }

    /// <summary>A frame's session strings ([MC-NBFSE]: a size, then size-prefixed UTF-8 strings) and its binary XML.</summary>
    private static (List<string> Strings, byte[] Xml) Split(byte[] frame)
    {
        var position = 1;
        ReadSize(frame, ref position);
        var end = ReadSize(frame, ref position) + position;
        var strings = new List<string>();
        while (position < end)
        {
            var length = ReadSize(frame, ref position);
            strings.Add(System.Text.Encoding.UTF8.GetString(frame, position, length));
            position += length;
        }

        return (strings, frame[end..]);
    }

    private static int ReadSize(byte[] bytes, ref int position)
    {
        var value = 0;
        for (var shift = 0; ; shift += 7)
        {
            var next = bytes[position++];
            value |= (next & 0x7F) << shift;
            if ((next & 0x80) == 0)
            {
                return value;
            }
        }
    }

    private static byte[] Encode(NetTcpBinaryCodec codec, List<LargeItem> items) =>
        codec.EncodeFrame(w => SoapMessage.WriteRequest(w, SoapVersion.Soap12WSAddressing10, WcfContract.EchoLarge, [items]));

    // A frame is [record][size][payload]; the sizes here fit in at most three bytes.
    private static List<LargeItem> Decode(NetTcpBinaryCodec codec, byte[] frame)
    {
        var start = 1;
        while ((frame[start] & 0x80) != 0)
        {
            start++;
        }

        using var reader = codec.Decode(frame[(start + 1)..]);
        Assert.NotNull(SoapMessage.ReadToBody(reader, SoapVersion.Soap12WSAddressing10).Action);
        var operation = new WcfService(new TodoStore()).Operations[WcfContract.EchoLarge];
        return (List<LargeItem>)SoapMessage.ReadArguments(reader, operation)[0]!;
    }
}
