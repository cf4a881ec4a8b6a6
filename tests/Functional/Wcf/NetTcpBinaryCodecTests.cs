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
    public void Decode_SessionSectionLongerThanTheMessage_ThrowsFramingException()
    {
        var codec = new NetTcpBinaryCodec();

        var error = Assert.Throws<NetTcpFramingException>(() => codec.Decode([0x7F, 1, 2]));

        Assert.Equal(NetTcpRecord.InvalidRecordFault, error.Fault);
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
        Assert.NotNull(SoapMessage.ReadToBody(reader, SoapVersion.Soap12WSAddressing10));
        var operation = new WcfService(new TodoStore()).Operations[WcfContract.EchoLarge];
        return (List<LargeItem>)SoapMessage.ReadArguments(reader, operation)[0]!;
    }
}
