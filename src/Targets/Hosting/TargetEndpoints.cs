using System.Net;

namespace PerfAssert.Targets.Hosting;

/// <summary>
/// Where a running set of targets can be reached. Over loopback every address is 127.0.0.1 with a port the
/// operating system chose; in memory <see cref="InMemoryHandler"/> reaches the HTTP/1.1 endpoints without a socket.
/// </summary>
public sealed record TargetEndpoints
{
    /// <summary>HTTP/1.1 endpoints (REST formats, SOAP, WebHttp, throughput).</summary>
    public required Uri Http { get; init; }

    /// <summary>The HTTP/2-only (h2c) endpoint gRPC needs; <see langword="null"/> in memory.</summary>
    public Uri? Http2 { get; init; }

    /// <summary>Raw TCP listeners by protocol name (for example the NetTcp stand-in or the floor echo); empty in memory.</summary>
    public IReadOnlyDictionary<string, IPEndPoint> Tcp { get; init; } = new Dictionary<string, IPEndPoint>();

    /// <summary>
    /// Whether the transport-secured NetTcp client trusts the stand-in's certificate on first use instead of pinning this
    /// process's own: for a host in another process (a baseline-build worker), which creates its certificate itself. The
    /// first certificate a client sees must still name the stand-in, and every later connection of that client must
    /// present the same one.
    /// </summary>
    /// <value>The default is <see langword="false"/>: only this process's certificate is trusted.</value>
    public bool TrustNetTcpCertificateOnFirstUse { get; init; }

    /// <summary>The in-memory handler when the host runs on <c>TestServer</c>; <see langword="null"/> on sockets.</summary>
    public HttpMessageHandler? InMemoryHandler { get; init; }

    /// <summary>Creates an <see cref="HttpClient"/> for the HTTP/1.1 endpoints, in memory or over loopback.</summary>
    public HttpClient CreateHttpClient(TimeSpan? timeout = null)
    {
        var client = InMemoryHandler is null
            ? new HttpClient(new SocketsHttpHandler { PooledConnectionLifetime = TimeSpan.FromMinutes(5) }, disposeHandler: true)
            : new HttpClient(InMemoryHandler, disposeHandler: false);
        client.BaseAddress = Http;
        client.Timeout = timeout ?? TimeSpan.FromSeconds(30);
        return client;
    }
}
