using PerfAssert.Targets.Contracts;

namespace PerfAssert.Conformance.MessagePack;

/// <summary>Payloads at the edges of every type the contracts use, for the peers to carry.</summary>
internal static class EdgeItems
{
    public static List<SmallItem> Small() =>
    [
        new() { Id = Guid.Empty },
        new() { Id = new Guid("ffffffff-ffff-ffff-ffff-ffffffffffff") },
        new() { Id = new Guid("00112233-4455-6677-8899-aabbccddeeff") },
    ];

    public static List<LargeItem> Large() =>
    [
        new()
        {
            OrderId = new Guid("00112233-4455-6677-8899-aabbccddeeff"),
            OrderNumber = ulong.MaxValue,
            EmailAddress = string.Empty,
            ShippingAddress = new Address { Name = "\U0001F4E6 Ünïcödé", Street = "שלום עולם 12", HouseNumber = string.Empty, PostalCode = null, City = "مرحبا", Country = "日本" },
            InvoiceAddress = null,
            RequestedDeliveryDate = new DateTimeOffset(1, 1, 1, 0, 0, 0, TimeSpan.FromHours(-12)),
            ShippingCosts = decimal.MaxValue,
            LastModified = new DateTimeOffset(DateTime.MaxValue.Ticks, TimeSpan.FromHours(14)),
            CreateNonce = new Guid("ffffffff-ffff-ffff-ffff-ffffffffffff"),
            OrderLines = [],
        },
        new()
        {
            OrderId = Guid.Empty,
            OrderNumber = 0,
            EmailAddress = null,
            ShippingAddress = new Address { Name = null, Street = string.Empty, Country = "\u202eRTL override" },
            InvoiceAddress = new Address { Name = "a\0b", Street = "line\r\nbreak", HouseNumber = "\t", PostalCode = "<&>", City = "\"'", Country = string.Empty },
            RequestedDeliveryDate = new DateTimeOffset(2024, 2, 29, 12, 34, 56, TimeSpan.FromMinutes(330)).AddTicks(1_234_567),
            ShippingCosts = decimal.MinValue,
            LastModified = new DateTimeOffset(1970, 1, 1, 0, 0, 0, TimeSpan.Zero).AddTicks(1),
            CreateNonce = new Guid("123e4567-e89b-12d3-a456-426614174000"),
            OrderLines =
            [
                new OrderLine { Sku = string.Empty, Quantity = int.MinValue, Product = null, Price = new decimal(1, 0, 0, false, 28) },
                new OrderLine { Sku = string.Concat(Enumerable.Repeat("\U0001F600", 40)), Quantity = int.MaxValue, Product = new string('x', 300), Price = 19.90m },
                new OrderLine { Sku = null, Quantity = 0, Product = string.Empty, Price = 0.00m },
            ],
        },
    ];
}
