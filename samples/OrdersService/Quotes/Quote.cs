namespace OrdersService.Quotes;

/// <summary>A priced cart: every line, the discount, the tax and what the customer pays.</summary>
public sealed record Quote(IReadOnlyList<QuotedLine> Lines, decimal Subtotal, decimal Discount, decimal Tax, decimal Total);
