namespace PerfAssert.Targets.Services.Wcf;

/// <summary>The WS-Addressing headers read from an envelope; each <see langword="null"/> when absent.</summary>
internal readonly record struct SoapHeaders(string? Action, string? MessageId, string? RelatesTo)
{
    public static SoapHeaders None => default;
}
