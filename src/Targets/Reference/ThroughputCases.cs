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

    private static readonly byte[] Body = Enumerable.Range(0, 500).Select(i => (byte)('a' + (i % 26))).ToArray();

    /// <summary>A client able to hold <see cref="Concurrency"/> connections to the target at once.</summary>
    public static HttpClient CreateClient(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        return endpoints.InMemoryHandler is not null
            ? endpoints.CreateHttpClient()
            : new HttpClient(new SocketsHttpHandler { MaxConnectionsPerServer = Concurrency, PooledConnectionLifetime = TimeSpan.FromMinutes(10) }) { BaseAddress = endpoints.Http, Timeout = TimeSpan.FromSeconds(30) };
    }

    /// <summary>The cases: name and one checked request each.</summary>
    public static IReadOnlyList<(string Name, Func<HttpClient, CancellationToken, Task<string?>> Request)> All { get; } =
    [
        ("GET time", GetTimeAsync),
        ("POST echo 500 B", (client, ct) => PostEchoAsync(client, "throughput/echo", ct)),
        ("POST echo 500 B chunked", (client, ct) => PostEchoAsync(client, "throughput/echo-chunked", ct)),
    ];

    private static async Task<string?> GetTimeAsync(HttpClient client, CancellationToken ct)
    {
        using var response = await client.GetAsync("throughput/time", ct).ConfigureAwait(false);
        var text = await response.Content.ReadAsStringAsync(ct).ConfigureAwait(false);
        return response.StatusCode != HttpStatusCode.OK ? $"status {(int)response.StatusCode}"
            : !text.StartsWith("Hello World. Time is: ", StringComparison.Ordinal) ? $"unexpected body '{text}'"
            : null;
    }

    private static async Task<string?> PostEchoAsync(HttpClient client, string path, CancellationToken ct)
    {
        using var content = new ByteArrayContent(Body);
        using var response = await client.PostAsync(path, content, ct).ConfigureAwait(false);
        var echoed = await response.Content.ReadAsByteArrayAsync(ct).ConfigureAwait(false);
        return response.StatusCode != HttpStatusCode.OK ? $"status {(int)response.StatusCode}"
            : !echoed.AsSpan().SequenceEqual(Body) ? $"echo of {echoed.Length} bytes differs from the 500 sent"
            : null;
    }
}
