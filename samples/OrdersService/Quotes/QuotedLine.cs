namespace OrdersService.Quotes;

/// <summary>One priced line of a quote, after its volume discount.</summary>
public sealed record QuotedLine(string Sku, int Quantity, decimal UnitPrice, decimal LineTotal);
