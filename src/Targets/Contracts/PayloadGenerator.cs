namespace PerfAssert.Targets.Contracts;

/// <summary>
/// Deterministic, seeded payloads with realistic values: unicode names (accents, emoji, right-to-left text),
/// decimals with scale, <see cref="DateTimeOffset"/> values with non-zero offsets and large <see cref="ulong"/>s.
/// The same seed and count always give equal payloads.
/// </summary>
public static class PayloadGenerator
{
    /// <summary>The item counts the reference experiments use.</summary>
    public static IReadOnlyList<int> ReferenceCounts { get; } = [0, 1, 10, 100, 1000];

    /// <summary>The size of the operations experiment's fixed todo collection.</summary>
    public const int TodoCollectionSize = 5000;

    private static readonly string[] Names =
    [
        "Zoë Ångström", "José Müller", "Łukasz Żółć", "Siobhán O'Brien", "李小龍", "سارة العلي",
        "Иван Петров", "Ünal Çelik", "Dvořák 🎻", "Ana 🚀 Lima",
    ];

    private static readonly string[] Streets = ["Hauptstraße", "Rue de l'Église", "Calle Mayor", "שדרות רוטשילד", "Main St", "Østergade"];
    private static readonly string[] Cities = ["München", "Kraków", "São Paulo", "Zürich", "Reykjavík", "Tōkyō"];
    private static readonly string[] Countries = ["DE", "PL", "BR", "CH", "IS", "JP"];
    private static readonly string[] Products = ["Widget ✓", "Gadget", "Thingamajig «pro»", "Sprocket", "Doohickey", "Gizmo 🧩"];
    private static readonly TimeSpan[] Offsets = [TimeSpan.FromHours(2), TimeSpan.FromHours(-5), TimeSpan.FromMinutes(330), TimeSpan.FromMinutes(-210), TimeSpan.FromHours(9)];

    /// <summary>Creates <paramref name="count"/> Small items.</summary>
    public static List<SmallItem> Small(int count, int seed = 1)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        var random = new Random(seed);
        var items = new List<SmallItem>(count);
        for (var i = 0; i < count; i++)
        {
            items.Add(new SmallItem { Id = NextGuid(random) });
        }

        return items;
    }

    /// <summary>Creates <paramref name="count"/> Large items (orders), each with 1 to 5 order lines.</summary>
    public static List<LargeItem> Large(int count, int seed = 1)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        var random = new Random(seed);
        var items = new List<LargeItem>(count);
        for (var i = 0; i < count; i++)
        {
            items.Add(NextOrder(random, i));
        }

        return items;
    }

    /// <summary>Creates the <c>GetDataStream(min, max)</c> answer: one item per value in the inclusive range.</summary>
    public static List<CompositeType> Composite(int min, int max)
    {
        if (max < min)
        {
            throw new ArgumentOutOfRangeException(nameof(max), max, $"max must be at least min ({min}).");
        }

        // Counted in long: a range ending at int.MaxValue would wrap an int loop variable and never end.
        var items = new List<CompositeType>((int)Math.Min((long)max - min + 1, 1 << 20));
        for (long next = min; next <= max; next++)
        {
            var value = (int)next;
            items.Add(new CompositeType { BoolValue = value % 2 == 0, StringValue = $"Item {value} ✓", IntValue = value });
        }

        return items;
    }

    /// <summary>Creates <paramref name="count"/> todo items with ids 1..count.</summary>
    public static List<TodoItem> Todos(int count = TodoCollectionSize, int seed = 1)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        var random = new Random(seed);
        var start = new DateTimeOffset(2026, 1, 1, 8, 0, 0, TimeSpan.FromHours(1));
        var items = new List<TodoItem>(count);
        for (var i = 1; i <= count; i++)
        {
            items.Add(new TodoItem
            {
                Id = i,
                Title = $"{Pick(random, Products)} for {Pick(random, Names)} #{i}",
                IsComplete = random.Next(3) == 0,
                CreatedAt = start.AddMinutes(random.Next(0, 500_000)).ToOffset(Pick(random, Offsets)),
            });
        }

        return items;
    }

    private static LargeItem NextOrder(Random random, int index)
    {
        var lines = new List<OrderLine>();
        var lineCount = random.Next(1, 6);
        for (var l = 0; l < lineCount; l++)
        {
            lines.Add(new OrderLine
            {
                Sku = $"SKU-{random.Next(100_000):D6}",
                Quantity = random.Next(1, 50),
                Product = Pick(random, Products),
                Price = NextPrice(random),
            });
        }

        var ordered = new DateTimeOffset(2026, 3, 1, 0, 0, 0, TimeSpan.Zero).AddSeconds(random.Next(0, 20_000_000));
        return new LargeItem
        {
            OrderId = NextGuid(random),
            // Spans the whole range, so serializers that go through double or long are caught.
            OrderNumber = index == 0 ? ulong.MaxValue : ((ulong)random.NextInt64() << 1) | (uint)(index & 1),
            EmailAddress = $"customer{index}@example.com",
            ShippingAddress = NextAddress(random),
            InvoiceAddress = NextAddress(random),
            RequestedDeliveryDate = ordered.AddDays(random.Next(1, 30)).ToOffset(Pick(random, Offsets)),
            ShippingCosts = NextPrice(random),
            LastModified = ordered.ToOffset(Pick(random, Offsets)),
            CreateNonce = NextGuid(random),
            OrderLines = lines,
        };
    }

    private static Address NextAddress(Random random) => new()
    {
        Name = Pick(random, Names),
        Street = Pick(random, Streets),
        HouseNumber = random.Next(1, 300).ToString(System.Globalization.CultureInfo.InvariantCulture) + (random.Next(4) == 0 ? "a" : string.Empty),
        PostalCode = random.Next(10_000, 99_999).ToString(System.Globalization.CultureInfo.InvariantCulture),
        City = Pick(random, Cities),
        Country = Pick(random, Countries),
    };

    // Prices keep their scale (19.90 stays 19.90, not 19.9), which some serializers lose.
    private static decimal NextPrice(Random random) => new(random.Next(1, 1_000_000), 0, 0, false, 2);

    private static Guid NextGuid(Random random)
    {
        Span<byte> bytes = stackalloc byte[16];
        random.NextBytes(bytes);
        return new Guid(bytes);
    }

    private static T Pick<T>(Random random, T[] values) => values[random.Next(values.Length)];
}
