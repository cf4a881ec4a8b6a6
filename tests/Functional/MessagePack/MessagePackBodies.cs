using MessagePack;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Functional.MessagePack;

/// <summary>
/// Request bodies as MessagePack-CSharp's defaults write them (what a client of the library sends), and the bodies the
/// library reads without complaint that the targets must refuse.
/// </summary>
internal static class MessagePackBodies
{
    public static byte[] Of<T>(T value) => MessagePackSerializer.Serialize(value, MessagePackSerializerOptions.Standard, TestContext.Current.CancellationToken);

    /// <summary>One <see cref="LargeItem"/> (with order lines) followed by one more byte, nil.</summary>
    public static byte[] TrailingNil() => [.. Of(PayloadGenerator.Large(1)), 0xc0];

    /// <summary>
    /// A list of one <see cref="LargeItem"/> whose array lacks its last element, the order lines: the library reads it as an
    /// item whose <see cref="LargeItem.OrderLines"/> were never set.
    /// </summary>
    public static byte[] LargeItemOneElementShort()
    {
        var (header, fields, _) = LargeItemParts();
        return [0x91, (byte)(header - 1), .. fields];
    }

    /// <summary>A list of one <see cref="LargeItem"/> with a twelfth element, nil, which the library skips.</summary>
    public static byte[] LargeItemOneElementLong()
    {
        var (header, fields, lines) = LargeItemParts();
        return [0x91, (byte)(header + 1), .. fields, .. lines, 0xc0];
    }

    /// <summary>A list of one <see cref="LargeItem"/> whose shipping address (all members nil) lacks its last element.</summary>
    public static byte[] AddressOneElementShort()
    {
        var item = new LargeItem { ShippingAddress = new Address(), InvoiceAddress = null, OrderLines = [] };
        var body = Of(new List<LargeItem> { item });
        var hex = Convert.ToHexString(body);
        // An Address of six nil members is a fixarray of 7 (element 0 and the six members), all nil.
        var address = "97" + string.Concat(Enumerable.Repeat("C0", 7));
        Assert.Equal(1, (hex.Length - hex.Replace(address, string.Empty, StringComparison.Ordinal).Length) / address.Length);
        return Convert.FromHexString(hex.Replace(address, "96" + string.Concat(Enumerable.Repeat("C0", 6)), StringComparison.Ordinal));
    }

    // The item's fixarray header (11), its elements before the order lines, and the order lines.
    private static (byte Header, byte[] Fields, byte[] Lines) LargeItemParts()
    {
        var item = PayloadGenerator.Large(1)[0];
        var whole = Of(item);
        var lines = Of(item.OrderLines);
        Assert.Equal(0x9b, whole[0]);
        Assert.Equal(Convert.ToHexString(lines), Convert.ToHexString(whole.AsSpan(whole.Length - lines.Length)));
        return (whole[0], whole[1..^lines.Length], lines);
    }
}
