namespace PerfAssert.Load;

/// <summary>The errors of one kind in a load run.</summary>
/// <param name="Kind">
/// What went wrong, short: <c>status 500</c>, <c>body differs</c>, <c>timeout</c>, <c>deadline</c>; from the lean HTTP/1.1 client
/// <c>malformed response</c>, <c>connection closed</c>, <c>SocketException (ConnectionRefused)</c>; through HttpClient
/// <c>HttpRequestException (ConnectionError)</c>.
/// </param>
/// <param name="Count">How many requests it happened to.</param>
/// <param name="First">The first one's full text.</param>
public sealed record LoadErrorCount(string Kind, long Count, string First);
