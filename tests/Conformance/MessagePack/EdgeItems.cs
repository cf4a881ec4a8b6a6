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

    /// <summary>Todos at the edges: int.MinValue/MaxValue ids, null and "" titles, emoji, right-to-left and NUL, offsets -12:00 and +14:00 with 100 ns.</summary>
    public static List<TodoItem> Todos() =>
    [
        new() { Id = int.MinValue, Title = null, IsComplete = true, CreatedAt = new DateTimeOffset(1, 1, 1, 0, 0, 0, TimeSpan.FromHours(-12)) },
        new() { Id = int.MaxValue, Title = string.Empty, IsComplete = false, CreatedAt = new DateTimeOffset(DateTime.MaxValue.Ticks, TimeSpan.FromHours(14)) },
        new() { Id = 0, Title = "\U0001F4E6 a\0b line\r\nbreak \u202eRTL", IsComplete = false, CreatedAt = new DateTimeOffset(1970, 1, 1, 0, 0, 0, TimeSpan.Zero).AddTicks(1) },
        new() { Id = 42, Title = new string('x', 300), IsComplete = true, CreatedAt = new DateTimeOffset(2024, 2, 29, 12, 34, 56, TimeSpan.FromMinutes(330)).AddTicks(1_234_567) },
        new() { Id = -2, Title = "\U0001F680 שלום", IsComplete = true, CreatedAt = new DateTimeOffset(9999, 12, 31, 23, 59, 59, TimeSpan.FromHours(14)).AddTicks(9_999_999) },
    ];

    /// <summary><see cref="Large"/> less the NUL character, which XML 1.0 cannot carry (MessagePack and protobuf can, and their peers check it).</summary>
    public static List<LargeItem> XmlLarge()
    {
        var items = Large();
        items[1].InvoiceAddress!.Name = "tab\there";
        return items;
    }

    /// <summary><see cref="Todos"/> less the NUL character, for XML.</summary>
    public static List<TodoItem> XmlTodos()
    {
        var items = Todos();
        items[2].Title = items[2].Title!.Replace('\0', '\t');
        return items;
    }
}
