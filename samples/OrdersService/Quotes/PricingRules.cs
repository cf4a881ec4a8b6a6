namespace OrdersService.Quotes;

/// <summary>The pricing rules both quote calculators apply; they differ only in how they get there.</summary>
public static class PricingRules
{
    /// <summary>From this quantity on, a line gets <see cref="VolumeDiscount"/>.</summary>
    public const int VolumeQuantity = 10;

    /// <summary>The discount on a line of <see cref="VolumeQuantity"/> or more.</summary>
    public const decimal VolumeDiscount = 0.05m;

    /// <summary>The coupon code worth <see cref="CouponDiscount"/> off the subtotal (any case).</summary>
    public const string Coupon = "SAVE10";

    /// <summary>The discount the coupon gives on the subtotal.</summary>
    public const decimal CouponDiscount = 0.10m;

    /// <summary>The tax rate on the discounted subtotal.</summary>
    public const decimal TaxRate = 0.20m;

    /// <summary>Rounds an amount of money to cents, halves away from zero.</summary>
    public static decimal Round(decimal amount) => decimal.Round(amount, 2, MidpointRounding.AwayFromZero);

    /// <summary>The total of one line after its volume discount.</summary>
    public static decimal LineTotal(decimal unitPrice, int quantity) =>
        Round(unitPrice * quantity * (quantity >= VolumeQuantity ? 1 - VolumeDiscount : 1));
}
