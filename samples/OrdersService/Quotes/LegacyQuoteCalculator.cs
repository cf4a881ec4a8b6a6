using OrdersService.Orders;

namespace OrdersService.Quotes;

/// <summary>
/// Prices a validated cart the way API v1 always has: a LINQ query that scans the catalog for every line. Kept for
/// clients still on v1, and as the yardstick the performance tests hold <see cref="QuoteCalculator"/> to.
/// </summary>
public sealed class LegacyQuoteCalculator(Catalog catalog)
{
    /// <summary>Prices <paramref name="request"/>, which <see cref="QuoteValidation"/> accepted.</summary>
    public Quote Calculate(QuoteRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        var lines = request.Lines
            .Select(line => (Line: line, Product: catalog.Products.First(p => string.Equals(p.Sku, line.Sku, StringComparison.OrdinalIgnoreCase))))
            .Select(x => new QuotedLine(x.Product.Sku, x.Line.Quantity, x.Product.Price, PricingRules.LineTotal(x.Product.Price, x.Line.Quantity)))
            .ToList();
        var subtotal = lines.Sum(l => l.LineTotal);
        var discount = request.Coupon?.Trim().ToUpperInvariant() == PricingRules.Coupon ? PricingRules.Round(subtotal * PricingRules.CouponDiscount) : 0m;
        var tax = PricingRules.Round((subtotal - discount) * PricingRules.TaxRate);
        return new Quote(lines, subtotal, discount, tax, subtotal - discount + tax);
    }
}
