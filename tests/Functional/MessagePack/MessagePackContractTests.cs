using MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.MessagePackApi;

namespace PerfAssert.Functional.MessagePack;

/// <summary>
/// The contracts through MessagePack-CSharp with the server's options (<see cref="MessagePackServerOptions.Value"/>: the standard
/// resolver with the array length check in front, untrusted-data mode): every value comes back exactly, the layout is the
/// standard resolver's, and whatever the bytes, reading fails only with the library's own exception, which the endpoints
/// answer with 400.
/// </summary>
public sealed class MessagePackContractTests
{
    private static MessagePackSerializerOptions Options => MessagePackServerOptions.Value;

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
        Assert.Equal("90", Convert.ToHexString(MessagePackSerializer.Serialize(new List<SmallItem>(), Options, TestContext.Current.CancellationToken)));
        Assert.Equal("C0", Convert.ToHexString(MessagePackSerializer.Serialize<List<SmallItem>?>(null, Options, TestContext.Current.CancellationToken)));
        Assert.Null(MessagePackSerializer.Deserialize<List<SmallItem>>(new byte[] { 0xc0 }, Options, TestContext.Current.CancellationToken));
    }

    [Fact]
    public void Serialize_SmallItem_IsKeyedByOrderWithElementZeroNil() =>
        // The standard resolver's layout for this [DataContract]: its members' orders are the keys, and they start at 1.
        Assert.Equal(
            "9192C0D92430303131323233332D343435352D363637372D383839392D616162626363646465656666",
            Convert.ToHexString(MessagePackSerializer.Serialize(new List<SmallItem> { new() { Id = Guid.Parse("00112233-4455-6677-8899-aabbccddeeff") } }, Options, TestContext.Current.CancellationToken)));

    [Theory]
    [InlineData("9191D92430303131323233332D343435352D363637372D383839392D616162626363646465656666", "SmallItem is an array of 2 elements", "got 1")]
    [InlineData("9193C0D92430303131323233332D343435352D363637372D383839392D616162626363646465656666C0", "SmallItem is an array of 2 elements", "got 3")]
    [InlineData("91DC0001D92430303131323233332D343435352D363637372D383839392D616162626363646465656666", "SmallItem is an array of 2 elements", "got 1")]
    public void Deserialize_ContractArrayOfAnotherLength_ThrowsNamingTheContract(string hex, string expected, string got)
    {
        // Without the length check the library reads [Guid] as a SmallItem whose Id is empty (element 0 is skipped) and
        // skips a third element.
        var error = Assert.Throws<MessagePackSerializationException>(() => Deserialize<List<SmallItem>>(Convert.FromHexString(hex)));

        var reason = string.Join(" ", Messages(error));
        Assert.Contains(expected, reason, StringComparison.Ordinal);
        Assert.Contains(got, reason, StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_ContractAsArray16OfTheRightLength_IsRead()
    {
        // Not the shortest encoding, but valid MessagePack, which the library reads: the check must read its count too.
        var items = Deserialize<List<SmallItem>>(Convert.FromHexString("91DC0002C0D92430303131323233332D343435352D363637372D383839392D616162626363646465656666"));

        Assert.Equal(Guid.Parse("00112233-4455-6677-8899-aabbccddeeff"), Assert.Single(items).Id);
    }

    [Fact]
    public void Deserialize_NestedContractOneElementShort_Throws()
    {
        var error = Assert.Throws<MessagePackSerializationException>(() => Deserialize<List<LargeItem>>(MessagePackBodies.AddressOneElementShort()));

        Assert.Contains("Address is an array of 7 elements", string.Join(" ", Messages(error)), StringComparison.Ordinal);
    }

    [Fact]
    public void Deserialize_EveryTruncation_ThrowsTheLibrarysException()
    {
        var bytes = MessagePackBodies.Of(PayloadGenerator.Large(2));
        for (var length = 0; length < bytes.Length; length++)
        {
            var truncated = bytes.AsSpan(0, length).ToArray();
            Assert.Throws<MessagePackSerializationException>(() => Deserialize<List<LargeItem>>(truncated));
        }
    }

    [Fact]
    public void Deserialize_RandomlyCorruptedBytes_ThrowOnlyTheLibrarysExceptionOrSucceed()
    {
        // The endpoints turn MessagePackSerializationException into 400; any other exception would be a 500.
        var original = MessagePackBodies.Of(PayloadGenerator.Large(3));
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
                Deserialize<List<LargeItem>>(corrupted);
            }
            catch (MessagePackSerializationException)
            {
                // Expected for most corruptions; anything else fails the test with its own exception.
            }
        }
    }

    private static T RoundTrip<T>(T value) => Deserialize<T>(MessagePackSerializer.Serialize(value, Options, TestContext.Current.CancellationToken));

    private static T Deserialize<T>(byte[] bytes) => MessagePackSerializer.Deserialize<T>(bytes, Options, TestContext.Current.CancellationToken);

    private static IEnumerable<string> Messages(Exception? exception)
    {
        for (; exception is not null; exception = exception.InnerException)
        {
            yield return exception.Message;
        }
    }
}
