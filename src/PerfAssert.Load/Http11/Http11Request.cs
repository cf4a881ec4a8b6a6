using System.Globalization;
using System.Text;

namespace PerfAssert.Load.Http11;

/// <summary>A plan's request as the bytes sent on the wire, encoded once per plan and written as they are for every request.</summary>
internal static class Http11Request
{
    /// <summary>Headers the body's framing decides; a plan's own are left out so the request cannot contradict itself.</summary>
    private static readonly string[] Framing = ["Content-Length", "Transfer-Encoding"];

    /// <summary>
    /// The request line, <c>Host</c> (unless the plan's headers set it), <c>Content-Type</c> and <c>Content-Length</c> with a
    /// body (<c>Content-Length: 0</c> for a POST, PUT or PATCH without one, as HttpClient sends), the plan's headers, then the body.
    /// </summary>
    public static byte[] Encode(LoadPlan plan)
    {
        ArgumentNullException.ThrowIfNull(plan);
        var target = plan.Target;
        var head = new StringBuilder();
        head.Append(CultureInfo.InvariantCulture, $"{plan.Method} {target.PathAndQuery} HTTP/1.1\r\n");
        if (!plan.Headers.Keys.Any(name => name.Equals("Host", StringComparison.OrdinalIgnoreCase)))
        {
            var host = target.HostNameType == UriHostNameType.IPv6 ? target.Host : target.IdnHost;
            head.Append(target.IsDefaultPort ? $"Host: {host}\r\n" : string.Create(CultureInfo.InvariantCulture, $"Host: {host}:{target.Port}\r\n"));
        }

        if (plan.Body is not null && plan.ContentType is { } type)
        {
            head.Append(CultureInfo.InvariantCulture, $"Content-Type: {type}\r\n");
        }

        if (plan.Body is not null || plan.Method.ToUpperInvariant() is "POST" or "PUT" or "PATCH")
        {
            head.Append(CultureInfo.InvariantCulture, $"Content-Length: {plan.Body?.Length ?? 0}\r\n");
        }

        foreach (var (name, value) in plan.Headers.Where(h => !Framing.Contains(h.Key, StringComparer.OrdinalIgnoreCase)))
        {
            head.Append(CultureInfo.InvariantCulture, $"{name}: {value}\r\n");
        }

        head.Append("\r\n");
        // Latin-1, as HttpClient encodes header values by default; the plan's validation keeps CR and LF out of them.
        return [.. Encoding.Latin1.GetBytes(head.ToString()), .. plan.Body ?? []];
    }
}
