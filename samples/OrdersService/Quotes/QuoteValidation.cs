using OrdersService.Orders;

namespace OrdersService.Quotes;

/// <summary>What both API versions refuse before pricing: an empty cart, a quantity under one, an unknown SKU.</summary>
public static class QuoteValidation
{
    /// <summary>The problems with a request, by field, or <see langword="null"/> when it can be priced.</summary>
    public static Dictionary<string, string[]>? Validate(QuoteRequest request, Catalog catalog)
    {
        ArgumentNullException.ThrowIfNull(request);
        ArgumentNullException.ThrowIfNull(catalog);
        if (request.Lines is not { Count: > 0 })
        {
            return new() { ["lines"] = ["A quote needs at least one line."] };
        }

        Dictionary<string, string[]>? errors = null;
        for (var i = 0; i < request.Lines.Count; i++)
        {
            var line = request.Lines[i];
            if (line.Quantity < 1)
            {
                (errors ??= [])[$"lines[{i}].quantity"] = [$"The quantity must be at least 1, got {line.Quantity}."];
            }

            if (string.IsNullOrEmpty(line.Sku) || !catalog.TryFind(line.Sku, out _))
            {
                (errors ??= [])[$"lines[{i}].sku"] = [$"Unknown SKU '{line.Sku}'."];
            }
        }

        return errors;
    }
}
