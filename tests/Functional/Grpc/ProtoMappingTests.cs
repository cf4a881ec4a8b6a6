using Google.Protobuf;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;

namespace PerfAssert.Functional.Grpc;

public sealed class ProtoMappingTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(100)]
    public void LargeList_ThroughProtobufBytes_ComesBackEqual(int count)
    {
        var sent = PayloadGenerator.Large(count);

        var received = ProtoMapping.ToContract(LargeList.Parser.ParseFrom(ProtoMapping.ToProto(sent).ToByteArray()));

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }

    [Fact]
    public void SmallCompositeAndTodoLists_ThroughProtobufBytes_ComeBackEqual()
    {
        var small = PayloadGenerator.Small(50);
        var composite = PayloadGenerator.Composite(-5, 42);
        var todos = PayloadGenerator.Todos(200);

        Assert.Null(PayloadComparer.FirstDifference(small, ProtoMapping.ToContract(SmallList.Parser.ParseFrom(ProtoMapping.ToProto(small).ToByteArray())), PayloadComparer.Small));
        Assert.Null(PayloadComparer.FirstDifference(composite, ProtoMapping.ToContract(CompositeList.Parser.ParseFrom(ProtoMapping.ToProto(composite).ToByteArray())), PayloadComparer.Composite));
        Assert.Null(PayloadComparer.FirstDifference(todos, ProtoMapping.ToContract(TodoList.Parser.ParseFrom(ProtoMapping.ToProto(todos).ToByteArray())), PayloadComparer.Todo));
    }

    [Fact]
    public void LargeItem_NullAndEmptyStringsAndNullAddress_StayAsTheyWere()
    {
        var item = PayloadGenerator.Large(1)[0] with
        {
            EmailAddress = string.Empty,
            ShippingAddress = new Targets.Contracts.Address { Name = null, Street = string.Empty },
            InvoiceAddress = null,
            OrderLines = [new Targets.Contracts.OrderLine { Sku = null, Product = string.Empty, Quantity = -3, Price = -0.0m }],
        };

        var received = ProtoMapping.ToContract(Large.Parser.ParseFrom(ProtoMapping.ToProto(item).ToByteArray()));

        Assert.Null(PayloadComparer.Large(item, received));
    }

    [Theory]
    [InlineData("0")]
    [InlineData("0.00")]
    [InlineData("19.90")]
    [InlineData("-1.500")]
    [InlineData("79228162514264337593543950335")]
    [InlineData("-79228162514264337593543950335")]
    [InlineData("0.0000000000000000000000000001")]
    [InlineData("18446744073709551616.5")]
    public void Decimal_ThroughProtobufBytes_KeepsValueAndScale(string text)
    {
        var value = decimal.Parse(text, System.Globalization.CultureInfo.InvariantCulture);

        var received = ProtoValues.ToDecimal(DecimalValue.Parser.ParseFrom(ProtoValues.FromDecimal(value).ToByteArray()));

        Assert.Equal(value, received);
        Assert.Equal(value.Scale, received.Scale);
        Assert.Equal(text, received.ToString(System.Globalization.CultureInfo.InvariantCulture));
    }

    [Theory]
    [InlineData("0001-01-01T00:00:00.0000000+00:00")]
    [InlineData("1969-12-31T23:59:59.9999999-03:30")]
    [InlineData("2026-03-01T12:34:56.1234567+05:30")]
    [InlineData("9999-12-31T23:59:59.9999999+00:00")]
    [InlineData("2000-01-01T00:00:00.0000000+14:00")]
    public void DateTimeOffset_ThroughProtobufBytes_KeepsInstantAndOffset(string text)
    {
        var value = DateTimeOffset.Parse(text, System.Globalization.CultureInfo.InvariantCulture);

        var received = ProtoValues.ToDateTimeOffset(OffsetDateTime.Parser.ParseFrom(ProtoValues.FromDateTimeOffset(value).ToByteArray()));

        Assert.Equal(value.UtcTicks, received.UtcTicks);
        Assert.Equal(value.Offset, received.Offset);
    }

    [Fact]
    public void Guid_ToProto_IsTheRfc4122ByteOrder()
    {
        var id = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff");

        var bytes = ProtoValues.FromGuid(id);

        Assert.Equal("00112233445566778899AABBCCDDEEFF", Convert.ToHexString(bytes.Span));
        Assert.Equal(id, ProtoValues.ToGuid(bytes));
    }

    [Fact]
    public void ImpossibleWireValues_ThrowFormatException()
    {
        Assert.Throws<FormatException>(() => ProtoValues.ToGuid(ByteString.CopyFrom(new byte[15])));
        Assert.Throws<FormatException>(() => ProtoValues.ToDecimal(new DecimalValue { Low64 = 1, Scale = 29 }));
        Assert.Throws<FormatException>(() => ProtoValues.ToDateTimeOffset(new OffsetDateTime { Instant = new() { Seconds = 1 }, OffsetMinutes = 15 * 60 }));
        Assert.Throws<FormatException>(() => ProtoValues.ToDateTimeOffset(new OffsetDateTime { Instant = new() { Seconds = long.MaxValue / 2 } }));
    }
}
