using System.Globalization;

namespace PerfAssert.Targets.Contracts;

/// <summary>
/// Strict deep comparison of payloads: a <see cref="DateTimeOffset"/> must keep its offset, a decimal its scale,
/// a list its order. Returns the first difference as a path and both values, or <see langword="null"/> when equal.
/// </summary>
public static class PayloadComparer
{
    /// <summary>Compares two lists item by item with <paramref name="compare"/>.</summary>
    public static string? FirstDifference<T>(IReadOnlyList<T>? expected, IReadOnlyList<T>? actual, Func<T, T, string?> compare, string path = "$")
    {
        ArgumentNullException.ThrowIfNull(compare);
        if (expected is null || actual is null)
        {
            return expected is null && actual is null ? null : $"{path}: expected {(expected is null ? "null" : "a list")}, got {(actual is null ? "null" : "a list")}";
        }

        if (expected.Count != actual.Count)
        {
            return $"{path}.Count: expected {expected.Count}, got {actual.Count}";
        }

        for (var i = 0; i < expected.Count; i++)
        {
            var difference = compare(expected[i], actual[i]);
            if (difference is not null)
            {
                return $"{path}[{i}]{difference}";
            }
        }

        return null;
    }

    public static string? Small(SmallItem expected, SmallItem actual) => Field(".Id", expected.Id, actual.Id);

    public static string? Composite(CompositeType expected, CompositeType actual) =>
        Field(".BoolValue", expected.BoolValue, actual.BoolValue)
        ?? Field(".StringValue", expected.StringValue, actual.StringValue)
        ?? Field(".IntValue", expected.IntValue, actual.IntValue);

    public static string? Todo(TodoItem expected, TodoItem actual) =>
        Field(".Id", expected.Id, actual.Id)
        ?? Field(".Title", expected.Title, actual.Title)
        ?? Field(".IsComplete", expected.IsComplete, actual.IsComplete)
        ?? Instant(".CreatedAt", expected.CreatedAt, actual.CreatedAt);

    public static string? Large(LargeItem expected, LargeItem actual) =>
        Field(".OrderId", expected.OrderId, actual.OrderId)
        ?? Field(".OrderNumber", expected.OrderNumber, actual.OrderNumber)
        ?? Field(".EmailAddress", expected.EmailAddress, actual.EmailAddress)
        ?? AddressDifference(".ShippingAddress", expected.ShippingAddress, actual.ShippingAddress)
        ?? AddressDifference(".InvoiceAddress", expected.InvoiceAddress, actual.InvoiceAddress)
        ?? Instant(".RequestedDeliveryDate", expected.RequestedDeliveryDate, actual.RequestedDeliveryDate)
        ?? Money(".ShippingCosts", expected.ShippingCosts, actual.ShippingCosts)
        ?? Instant(".LastModified", expected.LastModified, actual.LastModified)
        ?? Field(".CreateNonce", expected.CreateNonce, actual.CreateNonce)
        ?? FirstDifference(expected.OrderLines, actual.OrderLines, Line, ".OrderLines");

    private static string? Line(OrderLine expected, OrderLine actual) =>
        Field(".Sku", expected.Sku, actual.Sku)
        ?? Field(".Quantity", expected.Quantity, actual.Quantity)
        ?? Field(".Product", expected.Product, actual.Product)
        ?? Money(".Price", expected.Price, actual.Price);

    private static string? AddressDifference(string path, Address? expected, Address? actual)
    {
        if (expected is null || actual is null)
        {
            return expected is null && actual is null ? null : $"{path}: expected {Show(expected)}, got {Show(actual)}";
        }

        return Field(path + ".Name", expected.Name, actual.Name)
            ?? Field(path + ".Street", expected.Street, actual.Street)
            ?? Field(path + ".HouseNumber", expected.HouseNumber, actual.HouseNumber)
            ?? Field(path + ".PostalCode", expected.PostalCode, actual.PostalCode)
            ?? Field(path + ".City", expected.City, actual.City)
            ?? Field(path + ".Country", expected.Country, actual.Country);
    }

    // DateTimeOffset.Equals compares instants only; a payload must also keep its offset.
    private static string? Instant(string path, DateTimeOffset expected, DateTimeOffset actual) =>
        expected.UtcTicks == actual.UtcTicks && expected.Offset == actual.Offset ? null : $"{path}: expected {Show(expected)}, got {Show(actual)}";

    // decimal.Equals ignores scale (1.0m == 1.00m); a payload must keep it.
    private static string? Money(string path, decimal expected, decimal actual) =>
        expected == actual && expected.Scale == actual.Scale ? null : $"{path}: expected {Show(expected)}, got {Show(actual)}";

    private static string? Field<T>(string path, T expected, T actual) =>
        EqualityComparer<T>.Default.Equals(expected, actual) ? null : $"{path}: expected {Show(expected)}, got {Show(actual)}";

    private static string Show(object? value) => value switch
    {
        null => "null",
        string s => $"\"{s}\"",
        DateTimeOffset d => d.ToString("O", CultureInfo.InvariantCulture),
        IFormattable f => f.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? string.Empty,
    };
}
