using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Formats.MessagePack;

namespace PerfAssert.Functional.MessagePack;

public sealed class MessagePackContractTests
{
    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(100)]
    public void RoundTrip_SmallItems_AreExactlyEqual(int count)
    {
        var sent = PayloadGenerator.Small(count);
        Assert.Null(PayloadComparer.FirstDifference(sent, RoundTrip(sent), PayloadComparer.Small));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(1)]
    [InlineData(100)]
    public void RoundTrip_LargeItems_AreExactlyEqualIncludingOffsetsScalesAndUInt64(int count)
    {
        var sent = PayloadGenerator.Large(count);
        Assert.Null(PayloadComparer.FirstDifference(sent, RoundTrip(sent), PayloadComparer.Large));
    }

    [Fact]
    public void RoundTrip_CompositeAndTodoItems_AreExactlyEqual()
    {
        var composites = PayloadGenerator.Composite(-5, 42);
        var todos = PayloadGenerator.Todos(100);
        Assert.Null(PayloadComparer.FirstDifference(composites, RoundTrip(composites), PayloadComparer.Composite));
        Assert.Null(PayloadComparer.FirstDifference(todos, RoundTrip(todos), PayloadComparer.Todo));
    }

    [Fact]
    public void RoundTrip_DataRequest_IsEqual()
    {
        var sent = new DataRequest { Min = int.MinValue, Max = int.MaxValue };
        Assert.Equal(sent, RoundTrip(sent));
    }

    [Fact]
    public void RoundTrip_NullsAndEmptiesAndExtremes_ComeBackAsSent()
    {
        var sent = new List<LargeItem>
        {
            new()
            {
                OrderNumber = 0,
                ShippingAddress = new Address(),
                RequestedDeliveryDate = DateTimeOffset.MinValue,
                LastModified = new DateTimeOffset(DateTime.MaxValue.Ticks, TimeSpan.Zero).ToOffset(TimeSpan.FromHours(-14)),
                ShippingCosts = decimal.MinValue,
                OrderLines = [new OrderLine { Price = new decimal(1, 0, 0, false, 28), Quantity = int.MinValue }],
            },
            new() { OrderNumber = ulong.MaxValue, ShippingCosts = 0.00m, OrderLines = [] },
        };

        var received = RoundTrip(sent);

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
        Assert.Null(received[0].InvoiceAddress);
        Assert.Null(received[0].ShippingAddress!.Name);
        Assert.Empty(received[1].OrderLines);
    }

    [Fact]
    public void Serialize_EmptyAndNullLists_AreEmptyArrayAndNil()
    {
        Assert.Equal("90", Convert.ToHexString(MessagePackSerializer.Serialize(new List<SmallItem>())));
        Assert.Equal("C0", Convert.ToHexString(MessagePackSerializer.Serialize<List<SmallItem>>(null!)));
        Assert.Null(MessagePackSerializer.Deserialize<List<SmallItem>>([0xc0]));
    }

    [Fact]
    public void Serialize_SmallItem_IsKeyedByOrderWithElementZeroNil() =>
        // The bytes MessagePack-CSharp's default resolver writes for this [DataContract] (its members' orders are the
        // keys, and they start at 1), measured against the real library built from its public source.
        Assert.Equal(
            "9192C0D92430303131323233332D343435352D363637372D383839392D616162626363646465656666",
            Convert.ToHexString(MessagePackSerializer.Serialize(new List<SmallItem> { new() { Id = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff") } })));

    [Fact]
    public void Deserialize_WrongFieldCount_Throws()
    {
        // The layout without element 0 (as [Key(0)] would write it), which MessagePack-CSharp would misread by one.
        var error = Assert.Throws<MessagePackSerializationException>(() => MessagePackSerializer.Deserialize<SmallItem>(Convert.FromHexString("91D92430303131323233332D343435352D363637372D383839392D616162626363646465656666")));
        Assert.Contains("SmallItem is an array of 2 fields, got 1", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_ElementZeroNotNil_Throws()
    {
        var error = Assert.Throws<MessagePackSerializationException>(() => MessagePackSerializer.Deserialize<SmallItem>(Convert.FromHexString("9201D92430303131323233332D343435352D363637372D383839392D616162626363646465656666")));
        Assert.Contains("SmallItem's element 0 must be nil", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_EveryTruncation_ThrowsTheFormatException()
    {
        var bytes = MessagePackSerializer.Serialize(PayloadGenerator.Large(2));
        for (var length = 0; length < bytes.Length; length++)
        {
            var truncated = bytes.AsSpan(0, length).ToArray();
            Assert.Throws<MessagePackSerializationException>(() => MessagePackSerializer.Deserialize<List<LargeItem>>(truncated));
        }
    }

    [Fact]
    public void Deserialize_RandomlyCorruptedBytes_ThrowOnlyTheFormatExceptionOrSucceed()
    {
        var original = MessagePackSerializer.Serialize(PayloadGenerator.Large(3));
        var random = new Random(7);
        for (var i = 0; i < 5000; i++)
        {
            var corrupted = (byte[])original.Clone();
            for (var flips = random.Next(1, 4); flips > 0; flips--)
            {
                corrupted[random.Next(corrupted.Length)] = (byte)random.Next(256);
            }

            try
            {
                MessagePackSerializer.Deserialize<List<LargeItem>>(corrupted);
            }
            catch (MessagePackSerializationException)
            {
                // Expected for most corruptions; anything else fails the test with its own exception.
            }
        }
    }

    [Fact]
    public void Deserialize_TrailingBytes_Throws() =>
        Assert.Throws<MessagePackSerializationException>(() => MessagePackSerializer.Deserialize<List<SmallItem>>([0x90, 0x90]));

    [Fact]
    public void Deserialize_MultiSegmentSequence_ReadsLikeOneSpan()
    {
        var sent = PayloadGenerator.Large(5);
        var bytes = MessagePackSerializer.Serialize(sent);
        var sequence = MessagePackSequences.Split(bytes, 7);

        var received = MessagePackSerializer.Deserialize<List<LargeItem>>(sequence);

        Assert.False(sequence.IsSingleSegment);
        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }

    private static T RoundTrip<T>(T value) => MessagePackSerializer.Deserialize<T>(MessagePackSerializer.Serialize(value));
}
