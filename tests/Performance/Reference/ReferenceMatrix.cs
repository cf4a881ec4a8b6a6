namespace PerfAssert.Performance.Reference;

/// <summary>
/// Which cases a run judges against the reference build. Every verdict starts fresh worker pairs: about 9 s for a small
/// payload on a 2-core machine and 15 to 25 s for a large one of several milliseconds a call (CI, 2026-11-26, process
/// pairs as the unit), so the whole matrix (30 round trips and 20 operations, about 12 minutes) would be most of CI's time.
/// By default a run judges a representative part: every protocol family's server and client path once (minimal API and
/// controllers, System.Text.Json, Newtonsoft, DataContract XML, MessagePack-CSharp in both, the WCF stand-ins over
/// BasicHttp, NetTcp with and without TLS and WebHttp, grpc-dotnet unary and streaming), small and large payloads (large
/// ones where the payload takes another path: MessagePack, the WCF text encoder and gRPC streaming of 100 messages), one
/// and ten clients, and the two operation shapes (a data stream's records, a todo call) on paths no round trip takes: NetTcp
/// with TLS, ten clients at once. <c>PERFASSERT_MATRIX=full</c> judges every case, for a nightly job or before
/// accepting baselines.
/// </summary>
internal static class ReferenceMatrix
{
    /// <summary>The environment variable that selects the whole matrix (<c>full</c>).</summary>
    public const string Variable = "PERFASSERT_MATRIX";

    /// <summary>The round trips judged by default.</summary>
    public static IReadOnlyList<string> RoundTrips { get; } =
    [
        "SmallAspNetCoreStj-0",
        "SmallWebApiJsonNet-0",
        "SmallWebApiXml-0",
        "SmallAspNetCoreMessagePack-0",
        "LargeWebApiMessagePack-100",
        "LargeWcfText-100",
        "SmallWcfNetTcpTuned-0",
        "SmallWcfWebJson-0",
        "SmallGrpcUnary-0",
        "LargeGrpcServerStreaming-100",
    ];

    /// <summary>
    /// The data-stream and todo operations judged by default: one of each shape, each on a path no default round trip takes.
    /// The gRPC unary data stream and the WCF text todo call (about 9 s each) were judged until 2026-11-26; their protocol
    /// paths are <c>SmallGrpcUnary-0</c> and <c>LargeWcfText-100</c>, and they stay in the full matrix.
    /// </summary>
    public static IReadOnlyList<string> Operations { get; } =
    [
        "DataStreamWcfNetTcpDefault-42",
        "TodoFirstWebApiJsonNet-c10",
    ];

    /// <summary>Whether this run judges every case.</summary>
    public static bool Full => string.Equals(Environment.GetEnvironmentVariable(Variable), "full", StringComparison.OrdinalIgnoreCase);

    /// <summary>
    /// <paramref name="all"/>, or the <paramref name="representative"/> part of it; a representative name that is not a case
    /// fails discovery instead of quietly judging less.
    /// </summary>
    public static IEnumerable<string> Select(IReadOnlyList<string> all, IReadOnlyList<string> representative)
    {
        var missing = representative.Except(all, StringComparer.Ordinal).ToList();
        if (missing.Count > 0)
        {
            throw new InvalidOperationException($"{nameof(ReferenceMatrix)} names cases that do not exist: {string.Join(", ", missing)}.");
        }

        return Full ? all : all.Where(representative.Contains);
    }
}
