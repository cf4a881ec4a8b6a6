using System.Xml;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The limits every WCF stand-in enforces, chosen deliberately rather than left at whatever the BCL defaults to.
/// </summary>
public static class WcfLimits
{
    /// <summary>
    /// The largest request body or NetTcp frame accepted: 16 MiB. WCF's default MaxReceivedMessageSize is 64 KiB,
    /// which the reference raised because Large-1000 as SOAP text is about 2 MiB; 16 MiB leaves room for the
    /// JSON and text encodings of the biggest reference payload while still refusing runaway bodies (413 or a fault).
    /// </summary>
    public const int MaxReceivedMessageSize = 16 * 1024 * 1024;

    /// <summary>The largest <c>GetDataStream(min, max)</c> answer; the reference asks for 43 items.</summary>
    public const int MaxDataStreamItems = 100_000;

    /// <summary>
    /// Reader quotas: the message size already bounds strings and arrays, so those follow it; depth is kept low
    /// because the contracts nest at most six levels inside the envelope and deep nesting is only an attack.
    /// </summary>
    /// (Internal because the instance is shared and mutable; readers copy it.)
    internal static XmlDictionaryReaderQuotas ReaderQuotas { get; } = new()
    {
        MaxDepth = 32,
        MaxStringContentLength = MaxReceivedMessageSize,
        MaxArrayLength = MaxReceivedMessageSize,
        MaxBytesPerRead = 64 * 1024,
        MaxNameTableCharCount = 64 * 1024,
    };
}
