using System.Globalization;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Functional.Matrix;

/// <summary>
/// The losses some formats have by design, stated once so the matrix expects exactly them and nothing else.
/// A stack not listed here must round-trip every field exactly. The seeded payloads never trigger a loss (whole
/// seconds, prices with scale 2); the hand-built edge payload triggers every one.
/// </summary>
internal static class FormatLoss
{
    /// <summary>
    /// WCF WebHttp JSON (DataContractJsonSerializer) writes a DateTimeOffset as <c>\/Date(ms)\/</c> plus
    /// <c>OffsetMinutes</c>: whole milliseconds since the Unix epoch, so ticks below the millisecond are cut off
    /// (toward the epoch: integer division). The offset survives.
    /// </summary>
    public const string WebHttpJsonId = "Wcf.WebHttp/Json";

    /// <summary>
    /// Newtonsoft.Json writes a whole decimal with a trailing <c>.0</c> (<c>0m</c> as <c>0.0</c>), so a decimal of
    /// scale 0 comes back with scale 1 where 96 bits allow it; its value is unchanged.
    /// </summary>
    public static readonly IReadOnlySet<string> NewtonsoftIds = new HashSet<string>(StringComparer.Ordinal)
    {
        HttpEchoClients.ControllersNewtonsoftId,
        HttpEchoClients.MinimalNewtonsoftId,
    };

    public static bool IsLossy(string stackId) => stackId == WebHttpJsonId || NewtonsoftIds.Contains(stackId);

    /// <summary>What <paramref name="stackId"/> answers for <paramref name="sent"/>, with its documented loss applied.</summary>
    public static List<LargeItem> ExpectedLarge(string stackId, List<LargeItem> sent)
    {
        if (stackId == WebHttpJsonId)
        {
            return sent.Select(TruncateToMilliseconds).ToList();
        }

        return NewtonsoftIds.Contains(stackId) ? sent.Select(WholeDecimalsGainScaleOne).ToList() : sent;
    }

    private static LargeItem TruncateToMilliseconds(LargeItem item) => item with
    {
        RequestedDeliveryDate = TruncateToMilliseconds(item.RequestedDeliveryDate),
        LastModified = TruncateToMilliseconds(item.LastModified),
    };

    private static DateTimeOffset TruncateToMilliseconds(DateTimeOffset value)
    {
        var milliseconds = (value.UtcTicks - DateTimeOffset.UnixEpoch.UtcTicks) / TimeSpan.TicksPerMillisecond;
        var utc = new DateTimeOffset(DateTimeOffset.UnixEpoch.UtcTicks + (milliseconds * TimeSpan.TicksPerMillisecond), TimeSpan.Zero);
        return utc.ToOffset(value.Offset);
    }

    private static LargeItem WholeDecimalsGainScaleOne(LargeItem item) => item with
    {
        ShippingCosts = WithTrailingZero(item.ShippingCosts),
        OrderLines = item.OrderLines.Select(line => line with { Price = WithTrailingZero(line.Price) }).ToList(),
    };

    // Reads back the text Newtonsoft writes; at 29 significant digits the extra zero does not fit and scale stays 0.
    private static decimal WithTrailingZero(decimal value) =>
        value.Scale == 0 ? decimal.Parse(value.ToString(CultureInfo.InvariantCulture) + ".0", CultureInfo.InvariantCulture) : value;
}
