using OrdersService.Orders;

namespace OrdersService.Quotes;

/// <summary>Prices a validated cart (API v2): one pass over the lines, products found by SKU in the catalog's index.</summary>
public sealed class QuoteCalculator(Catalog catalog)
{
    /// <summary>Prices <paramref name="request"/>, which <see cref="QuoteValidation"/> accepted.</summary>
    public Quote Calculate(QuoteRequest request)
    {
        ArgumentNullException.ThrowIfNull(request);
        var lines = new QuotedLine[request.Lines.Count];
        var subtotal = 0m;
        for (var i = 0; i < lines.Length; i++)
        {
            var line = request.Lines[i];
            if (!catalog.TryFind(line.Sku, out var product))
            {
                throw new ArgumentException($"Unknown SKU '{line.Sku}': validate the request first.", nameof(request));
            }

            lines[i] = new QuotedLine(product.Sku, line.Quantity, product.Price, PricingRules.LineTotal(product.Price, line.Quantity));
            subtotal += lines[i].LineTotal;
        }

        var couponApplies = string.Equals(request.Coupon?.Trim(), PricingRules.Coupon, StringComparison.OrdinalIgnoreCase);
        var discount = couponApplies ? PricingRules.Round(subtotal * PricingRules.CouponDiscount) : 0m;
        var tax = PricingRules.Round((subtotal - discount) * PricingRules.TaxRate);
        return new Quote(lines, subtotal, discount, tax, subtotal - discount + tax);
    }
}
