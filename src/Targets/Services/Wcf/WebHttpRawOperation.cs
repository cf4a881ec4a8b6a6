namespace PerfAssert.Targets.Services.Wcf;

/// <summary>One operation of the raw WebHttp stand-in, as <c>[WebGet]</c> or <c>[WebInvoke]</c> declares it.</summary>
/// <param name="UriTemplate">The path below <see cref="WebHttpRawEndpoints.Prefix"/>, matched case-insensitively as WCF matches literal templates.</param>
/// <param name="Methods">The HTTP methods it answers.</param>
/// <param name="Streamed">The binding's transfer mode: streamed (the body as it arrives, the answer chunked) or buffered.</param>
/// <param name="Invoke">Calls the service with the request body and returns the answer's stream.</param>
internal sealed record WebHttpRawOperation(
    string UriTemplate,
    IReadOnlyList<string> Methods,
    bool Streamed,
    Func<WcfThroughputService, Stream, CancellationToken, Task<Stream>> Invoke);
