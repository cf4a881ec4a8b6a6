namespace OrdersService.Quotes;

/// <summary>A cart to price: products and quantities, and an optional coupon code.</summary>
public sealed record QuoteRequest(IReadOnlyList<QuoteRequestLine> Lines, string? Coupon = null);
