using PerfAssert.Targets.Contracts;

namespace PerfAssert.Functional.Matrix;

/// <summary>
/// Hand-built payloads at the extremes the seeded generator does not reach: empty and all-ones Guids, the ends of
/// ulong, int and decimal, decimals with scale 0 to 28, DateTimeOffset at its limits, to the tick and with offsets
/// of -12:00 to +14:00, null and empty strings, a null address, an empty order-line list, astral-plane emoji and
/// zero-width joiners, right-to-left text with direction marks, combining marks, and XML/JSON metacharacters.
/// </summary>
internal static class EdgePayload
{
    public static readonly Guid AllOnes = new("ffffffff-ffff-ffff-ffff-ffffffffffff");

    /// <summary>Byte order matters: a mixed-endian mix-up shows on this one and not on Guid.Empty.</summary>
    public static readonly Guid Ascending = new("00112233-4455-6677-8899-aabbccddeeff");

    public static List<SmallItem> Small() =>
    [
        new() { Id = Guid.Empty },
        new() { Id = AllOnes },
        new() { Id = Ascending },
    ];

    public static List<LargeItem> Large() => [Extremes(), Precision(), BeforeTheEpoch()];

    private static LargeItem Extremes() => new()
    {
        OrderId = Guid.Empty,
        OrderNumber = ulong.MaxValue,
        EmailAddress = string.Empty,
        ShippingAddress = null,
        InvoiceAddress = new Address(),
        RequestedDeliveryDate = DateTimeOffset.MinValue,
        ShippingCosts = decimal.MaxValue,
        LastModified = DateTimeOffset.MaxValue,
        CreateNonce = AllOnes,
        OrderLines = [],
    };

    private static LargeItem Precision() => new()
    {
        OrderId = Ascending,
        OrderNumber = 0,
        EmailAddress = null,
        ShippingAddress = new Address
        {
            Name = "👩‍👩‍👧‍👦 Família Ñandú 𝄞",
            Street = "שדרות רוטשילד\u200F 12",
            HouseNumber = "١٢\u200Eb",
            PostalCode = "  padded  ",
            City = "Cafe\u0301 東京",
            Country = string.Empty,
        },
        InvoiceAddress = new Address { Name = "مَرْحَبًا بِالْعَالَم", Street = null, HouseNumber = "0", PostalCode = null, City = "Zürich", Country = "CH" },
        // One tick past the second, at the largest positive offset.
        RequestedDeliveryDate = new DateTimeOffset(2026, 2, 28, 23, 59, 59, TimeSpan.FromHours(14)).AddTicks(1),
        ShippingCosts = 0.0000000000000000000000000001m,
        // The last tick of a second at the largest negative offset.
        LastModified = new DateTimeOffset(2026, 12, 31, 23, 59, 59, TimeSpan.FromHours(-12)).AddTicks(9_999_999),
        CreateNonce = Guid.Empty,
        OrderLines =
        [
            new() { Sku = null, Quantity = int.MinValue, Product = "<tag a=\"x\">&amp; 'quotes' ]]></tag>", Price = decimal.MinValue },
            new() { Sku = string.Empty, Quantity = int.MaxValue, Product = "back\\slash \"quote\" \t tab /slash", Price = 0.00m },
            new() { Sku = "SKU-∞", Quantity = 0, Product = "line1\nline2\r\nline3", Price = -0.01m },
            new() { Sku = "SKU-1", Quantity = -1, Product = null, Price = 1.000000000m },
        ],
    };

    private static LargeItem BeforeTheEpoch() => new()
    {
        OrderId = AllOnes,
        OrderNumber = 1,
        EmailAddress = "a@b",
        ShippingAddress = new Address { Name = "Ünal", Street = "Østergade", HouseNumber = "1", PostalCode = "1000", City = "Reykjavík", Country = "IS" },
        InvoiceAddress = null,
        // Before 1970, with sub-millisecond ticks: where a format counts milliseconds from the epoch, the sign matters.
        RequestedDeliveryDate = new DateTimeOffset(1969, 12, 31, 23, 59, 59, new TimeSpan(5, 45, 0)).AddTicks(1_234_567),
        ShippingCosts = 0m,
        LastModified = new DateTimeOffset(1900, 1, 1, 0, 0, 0, TimeSpan.FromMinutes(-210)),
        CreateNonce = Ascending,
        OrderLines = [new() { Sku = "x", Quantity = 1, Product = "Gizmo 🧩", Price = 79228162514264337593543950335m }],
    };
}
