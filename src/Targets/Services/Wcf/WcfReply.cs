namespace PerfAssert.Targets.Services.Wcf;

/// <summary>What the dispatcher answers: an operation's result, or a fault.</summary>
/// <param name="Operation">The operation that ran, or <see langword="null"/> on a fault.</param>
/// <param name="Result">The operation's result.</param>
/// <param name="Fault">The fault to send back, or <see langword="null"/> on success.</param>
/// <param name="NotXml">The request was not well-formed XML (HTTP answers 400 rather than a 500 fault).</param>
internal sealed record WcfReply(WcfOperation? Operation, object? Result, WcfFaultException? Fault, bool NotXml)
{
    /// <summary>The request's WS-Addressing <c>MessageID</c>, which the reply names in its <c>RelatesTo</c> header; <see langword="null"/> when it had none.</summary>
    public string? RelatesTo { get; init; }
}
