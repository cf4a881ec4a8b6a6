namespace PerfAssert.Targets.Clients.Http;

/// <summary>What a throughput echo answered: the body and how it was framed.</summary>
/// <param name="Body">The bytes received.</param>
/// <param name="ContentLength">The answer's Content-Length, or <see langword="null"/> when it had none.</param>
/// <param name="Chunked">Whether the answer came with <c>Transfer-Encoding: chunked</c> (never in memory).</param>
public sealed record EchoedBody(byte[] Body, long? ContentLength, bool Chunked);
