namespace OrdersService.Quotes;

/// <summary>One product in a cart to price.</summary>
public sealed record QuoteRequestLine(string Sku, int Quantity);
