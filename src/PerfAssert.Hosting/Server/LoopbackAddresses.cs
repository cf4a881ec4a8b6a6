using System.Net;

namespace PerfAssert.Hosting.Server;

/// <summary>Checks the addresses a started server reports: the second line of defence after <see cref="LoopbackListenerFactory"/>.</summary>
internal static class LoopbackAddresses
{
    /// <summary>The first address, after checking that every address is on loopback.</summary>
    /// <exception cref="InvalidOperationException">No address, or one outside loopback.</exception>
    public static Uri SingleBase(IEnumerable<string> addresses)
    {
        Uri? first = null;
        foreach (var address in addresses)
        {
            if (!Uri.TryCreate(address, UriKind.Absolute, out var uri) || !IsLoopback(uri))
            {
                throw new InvalidOperationException($"The server listens on '{address}', which is not a loopback address.");
            }

            first ??= uri;
        }

        return first is null
            ? throw new InvalidOperationException("The server reported no listening address.")
            : new Uri(first.GetLeftPart(UriPartial.Authority) + "/");
    }

    public static bool IsLoopback(Uri uri) =>
        uri.IsLoopback || (IPAddress.TryParse(uri.Host.Trim('[', ']'), out var ip) && IPAddress.IsLoopback(ip));
}
