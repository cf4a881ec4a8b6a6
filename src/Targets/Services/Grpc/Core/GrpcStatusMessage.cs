namespace PerfAssert.Targets.Services.Grpc.Core;

/// <summary>
/// The <c>grpc-message</c> value is percent-encoded, because HTTP/2 header values must stay ASCII while a
/// status detail may quote any text.
/// </summary>
public static class GrpcStatusMessage
{
    public static string Encode(string detail)
    {
        ArgumentNullException.ThrowIfNull(detail);
        return Uri.EscapeDataString(detail);
    }

    public static string Decode(string? value) => string.IsNullOrEmpty(value) ? string.Empty : Uri.UnescapeDataString(value);
}
