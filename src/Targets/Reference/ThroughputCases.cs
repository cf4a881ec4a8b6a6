using System.Net;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Reference;

/// <summary>The REST throughput experiment: GET returning the time string, POST echoing a 500-byte body, buffered and chunked.</summary>
public static class ThroughputCases
{
    /// <summary>Requests per case, as in the reference (<c>ab -n 60000 -c 100</c>).</summary>
    public const int Requests = 60_000;

    /// <summary>Concurrent clients, as in the reference.</summary>
    public const int Concurrency = 100;

    /// <summary>The Content-Type of the echoed body.</summary>
    public const string BodyContentType = "application/octet-stream";

    /// <summary>The stack name of the minimal API cases.</summary>
    public const string MinimalApis = "minimal APIs";

    /// <summary>The stack name of the controller cases (the experiment's Web API).</summary>
    public const string Controllers = "controllers";

    /// <summary>The stack name of the WebHttp raw-stream cases (the experiment's WCF).</summary>
    public const string WcfWebHttp = "WCF WebHttp";

    /// <summary>The operations, each run on every stack: <c>{operation} ({stack})</c> names a case.</summary>
    public static IReadOnlyList<string> Operations { get; } = ["GET time", "POST echo 500 B", "POST echo 500 B chunked"];

    /// <summary>The name of an operation's case on a stack.</summary>
    public static string CaseName(string operation, string stack) => $"{operation} ({stack})";

    private static readonly byte[] EchoBody = Enumerable.Range(0, 500).Select(i => (byte)('a' + (i % 26))).ToArray();

    /// <summary>The 500-byte body the echo cases POST (a copy).</summary>
    public static byte[] Body => (byte[])EchoBody.Clone();

    /// <summary>A client able to hold <see cref="Concurrency"/> connections to the target at once.</summary>
    public static HttpClient CreateClient(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        return endpoints.InMemoryHandler is not null
            ? endpoints.CreateHttpClient()
            : new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = Concurrency, PooledConnectionLifetime = TimeSpan.FromMinutes(10) }) { BaseAddress = endpoints.Http, Timeout = TimeSpan.FromSeconds(30) };
    }

    /// <summary>
    /// The cases: name, path (relative to the host's HTTP address), whether it POSTs <see cref="Body"/>, and one checked
    /// request each. Minimal APIs first, then controllers (the Web API role), then the WebHttp raw-stream stand-in (the
    /// WCF role), the same three operations on each.
    /// </summary>
    public static IReadOnlyList<ThroughputCase> All { get; } =
    [
        .. Stack(MinimalApis, "throughput"),
        .. Stack(Controllers, "api/throughput"),
        .. Stack(WcfWebHttp, "wcf/web/throughput"),
    ];

    private static IEnumerable<ThroughputCase> Stack(string stack, string prefix) =>
    [
        new(CaseName(Operations[0], stack), prefix + "/time", PostsBody: false, (client, ct) => GetTimeAsync(client, prefix + "/time", ct)),
        new(CaseName(Operations[1], stack), prefix + "/echo", PostsBody: true, (client, ct) => PostEchoAsync(client, prefix + "/echo", ct)),
        new(CaseName(Operations[2], stack), prefix + "/echo-chunked", PostsBody: true, (client, ct) => PostEchoAsync(client, prefix + "/echo-chunked", ct)),
    ];

    private static async Task<string?> GetTimeAsync(HttpClient client, string path, CancellationToken ct)
    {
        using var response = await client.GetAsync(path, ct).ConfigureAwait(false);
        var text = await response.Content.ReadAsStringAsync(ct).ConfigureAwait(false);
        return response.StatusCode != HttpStatusCode.OK ? $"status {(int)response.StatusCode}"
            : !text.StartsWith("Hello World. Time is: ", StringComparison.Ordinal) ? $"unexpected body '{text}'"
            : null;
    }

    private static async Task<string?> PostEchoAsync(HttpClient client, string path, CancellationToken ct)
    {
        using var content = new ByteArrayContent(EchoBody);
        content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue(BodyContentType);
        using var response = await client.PostAsync(path, content, ct).ConfigureAwait(false);
        var echoed = await response.Content.ReadAsByteArrayAsync(ct).ConfigureAwait(false);
        return response.StatusCode != HttpStatusCode.OK ? $"status {(int)response.StatusCode}"
            : !echoed.AsSpan().SequenceEqual(EchoBody) ? $"echo of {echoed.Length} bytes differs from the 500 sent"
            : null;
    }
}
