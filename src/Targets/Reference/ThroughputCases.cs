using System.Text;
using PerfAssert.Load;
using PerfAssert.Targets.Services.Throughput;

namespace PerfAssert.Targets.Reference;

/// <summary>The REST throughput experiment: GET returning the time string, POST echoing a 500-byte body, buffered and chunked.</summary>
public static class ThroughputCases
{
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

    /// <summary>The time: 200 and a body that starts with the greeting (the time after it changes every second).</summary>
    private static readonly LoadExpectation TimeAnswer = new() { Status = 200, BodyPrefix = Encoding.UTF8.GetBytes(ThroughputEndpoints.TimeGreeting) };

    /// <summary>An echo: 200 and exactly the bytes sent.</summary>
    private static readonly LoadExpectation EchoAnswer = new() { Status = 200, Body = EchoBody };

    /// <summary>The 500-byte body the echo cases POST (a copy).</summary>
    public static byte[] Body => (byte[])EchoBody.Clone();

    /// <summary>
    /// The cases: name, path (relative to the host's HTTP address), whether it POSTs <see cref="Body"/>, and how each answer
    /// is checked. Minimal APIs first, then controllers (the Web API role), then the WebHttp raw-stream stand-in (the
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
        new(CaseName(Operations[0], stack), prefix + "/time", PostsBody: false, TimeAnswer),
        new(CaseName(Operations[1], stack), prefix + "/echo", PostsBody: true, EchoAnswer),
        new(CaseName(Operations[2], stack), prefix + "/echo-chunked", PostsBody: true, EchoAnswer),
    ];
}
