namespace PerfAssert.Targets.Services.Wcf;

/// <summary>What the dispatcher answers: an operation's result, or a fault.</summary>
/// <param name="Operation">The operation that ran, or <see langword="null"/> on a fault.</param>
/// <param name="Result">The operation's result.</param>
/// <param name="Fault">The fault to send back, or <see langword="null"/> on success.</param>
/// <param name="NotAnEnvelope">The request was not well-formed XML, or not an envelope of the binding's SOAP version: WCF's
/// encoder refuses it before dispatch, so HTTP answers 400 rather than a 500 fault.</param>
internal sealed record WcfReply(WcfOperation? Operation, object? Result, WcfFaultException? Fault, bool NotAnEnvelope)
{
    /// <summary>The request's WS-Addressing <c>MessageID</c>, which the reply names in its <c>RelatesTo</c> header; <see langword="null"/> when it had none.</summary>
    public string? RelatesTo { get; init; }

    /// <summary>A fault answered after the request was read as an envelope (HTTP 500, as WCF answers faults).</summary>
    public static WcfReply Faulted(WcfFaultException fault) => new(null, null, fault, NotAnEnvelope: false);

    /// <summary>A request that is not a well-formed <paramref name="version"/> envelope, refused before dispatch (HTTP 400).</summary>
    public static WcfReply Refused(SoapVersion version, Exception reason) =>
        new(null, null, new WcfFaultException(WcfFaultCode.Sender, $"The message is not a well-formed {version} envelope: {reason.Message}", reason), NotAnEnvelope: true);
}
