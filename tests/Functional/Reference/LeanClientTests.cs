using System.Diagnostics;
using System.Text;
using PerfAssert.Functional.Support;
using PerfAssert.Load;
using PerfAssert.Load.Http11;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Reference;

namespace PerfAssert.Functional.Reference;

/// <summary>
/// The load worker's lean HTTP/1.1 client (issue 30) in a <see cref="LoadLoop"/>: every answer of the real Kestrel targets
/// checked and right; against a scripted server, answers in pieces or closing their connection are right, and a wrong body,
/// a malformed answer, a connection closed early and an answer that never comes are each an error of their own kind, the
/// last within the request timeout or the run's deadline, never a hang.
/// </summary>
public sealed class LeanClientTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>
{
    private static readonly TimeSpan Bound = TimeSpan.FromSeconds(30);

    public static TheoryData<string> Cases => [.. ThroughputCases.All.Select(c => c.Name)];

    /// <summary>Both ways the client runs: polled by its own event loops (Linux) and awaited (everywhere; the only way elsewhere).</summary>
    public static TheoryData<bool> Clients => Http11Client.Polled ? [true, false] : [false];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task RunAsync_EveryThroughputCaseOnKestrel_EveryAnswerRight(string name)
    {
        var plan = ThroughputCases.All.Single(c => c.Name == name).Plan(targets.Endpoints, 1_000, TimeSpan.FromMinutes(1)) with { Concurrency = 8 };

        var run = await RunAsync(plan);

        Assert.True(run.Errors == 0, $"{run.Errors} of {run.Requests} answers were wrong or failed; first: {run.FirstError}");
        Assert.Equal((1_000L, Http11Client.Name), (run.Requests, run.Client));
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task RunAsync_WrongBodyEveryThirdAnswer_CountsExactlyThoseAsBodyErrors(bool polled)
    {
        await using var server = ScriptedHttpServer.Start(n => ScriptedAnswer.Ok(n % 3 == 0 ? "hello World" : "hello world"));

        var run = await RunAsync(Plan(server, 30, concurrency: 3), polled);

        Assert.Equal(("body differs", 10L), (Assert.Single(run.ErrorKinds).Kind, run.Errors));
        Assert.Equal("body of 11 bytes differs from the 11 expected: 'hello World'", run.FirstError);
        // A wrong body keeps its connection: at most one per client (reconnecting after each would make 13). Fewer when a
        // client's loop starts after the others have sent all 30, since a client connects on its first request: a loaded CI
        // run saw 2 (2026-11-26).
        Assert.InRange(server.Connections, 1, 3);
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task RunAsync_ChunkedInPiecesAndConnectionClose_EveryAnswerRightOnNewConnections(bool polled)
    {
        // Every answer is chunked and written in pieces; every other one closes its connection, which the client then opens again.
        await using var server = ScriptedHttpServer.Start(n => new ScriptedAnswer(
            [.. new[] { $"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n{(n % 2 == 0 ? "Connection: close\r\n" : string.Empty)}\r\n", "5\r\nhel", "lo\r\n6\r\n world", "\r\n0\r\n\r\n" }
                .Select(Encoding.ASCII.GetBytes)],
            Close: n % 2 == 0));

        var run = await RunAsync(Plan(server, 40, concurrency: 2), polled);

        Assert.True(run.Errors == 0, $"{run.Errors} errors; first: {run.FirstError}");
        Assert.Equal(40, server.Requests);
        Assert.InRange(server.Connections, 20, 22);
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task RunAsync_ServerClosesBeforeOrWhileAnswering_CountsConnectionClosedAndGoesOn(bool polled)
    {
        await using var server = ScriptedHttpServer.Start(n => n switch
        {
            5 => ScriptedAnswer.Raw(string.Empty, close: true),
            10 => ScriptedAnswer.Raw("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello", close: true),
            _ => ScriptedAnswer.Ok("hello world"),
        });

        var run = await RunAsync(Plan(server, 20, concurrency: 1), polled);

        Assert.Equal(("connection closed", 2L), (Assert.Single(run.ErrorKinds).Kind, run.Errors));
        Assert.Equal("the server closed the connection before answering", run.FirstError);
        Assert.Equal(20, server.Requests);
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task RunAsync_MalformedAnswers_AreAnErrorOfTheirOwnKindWithTheReason(bool polled)
    {
        await using var server = ScriptedHttpServer.Start(n => n switch
        {
            4 => ScriptedAnswer.Raw("HTTP/1.1 200 OK\r\nContent-Length: zz\r\n\r\nhello world"),
            8 => ScriptedAnswer.Raw("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\nhello world"),
            _ => ScriptedAnswer.Ok("hello world"),
        });

        var run = await RunAsync(Plan(server, 12, concurrency: 1), polled);

        var kind = Assert.Single(run.ErrorKinds);
        Assert.Equal(("malformed response", 2L), (kind.Kind, kind.Count));
        Assert.Equal($"malformed response from {server.Uri}: its Content-Length 'zz' is not a number", kind.First);
        Assert.Equal(12, server.Requests);
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task RunAsync_ServerStopsAnsweringOneRequest_ThatOneTimesOutAndTheRunGoesOn(bool polled)
    {
        await using var server = ScriptedHttpServer.Start(n => n == 3 ? ScriptedAnswer.None : ScriptedAnswer.Ok("hello world"));
        var plan = Plan(server, 20, concurrency: 2) with { RequestTimeout = TimeSpan.FromMilliseconds(500) };
        var started = Stopwatch.StartNew();

        var run = await RunAsync(plan, polled);

        Assert.Equal(("timeout", 1L), (Assert.Single(run.ErrorKinds).Kind, run.Errors));
        Assert.Equal("no answer within 0.5 s: the connection was closed after 0 bytes of the answer", run.FirstError);
        Assert.True(started.Elapsed < TimeSpan.FromSeconds(10), $"took {started.Elapsed}");
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task RunAsync_ServerSilentPastTheRunsDeadline_EndsAtTheDeadline(bool polled)
    {
        await using var server = ScriptedHttpServer.Start(_ => ScriptedAnswer.None);
        var plan = Plan(server, 10, concurrency: 2) with { Deadline = TimeSpan.FromSeconds(1), RequestTimeout = TimeSpan.FromMinutes(5) };
        var started = Stopwatch.StartNew();

        var run = await RunAsync(plan, polled);

        Assert.Equal(("deadline", 10L), (Assert.Single(run.ErrorKinds).Kind, run.Errors));
        Assert.True(started.Elapsed < TimeSpan.FromSeconds(10), $"took {started.Elapsed}");
    }

    [Theory]
    [MemberData(nameof(Clients))]
    public async Task RunAsync_ServerClosedTheConnectionWhileIdle_TheNextRunsFirstRequestGoesOutOnAFreshOne(bool polled)
    {
        // Each answer says keep-alive, and then the server closes the connection: idle between two runs, the client finds it
        // closed before sending on it, and the request goes out on a new connection instead of failing.
        await using var server = ScriptedHttpServer.Start(_ => ScriptedAnswer.Ok("hello world") with { Close = true });
        var plan = Plan(server, 1, concurrency: 1);
        using var client = new Http11Client(plan, polled);

        var first = await new LoadLoop(plan, client).RunAsync(TestContext.Current.CancellationToken).WaitAsync(Bound, TestContext.Current.CancellationToken);
        await Task.Delay(200, TestContext.Current.CancellationToken);
        var second = await new LoadLoop(plan, client).RunAsync(TestContext.Current.CancellationToken).WaitAsync(Bound, TestContext.Current.CancellationToken);

        Assert.True(first.Errors + second.Errors == 0, $"errors: {first.FirstError ?? second.FirstError}");
        Assert.Equal((2, 2), (server.Requests, server.Connections));
    }

    [Fact]
    public void Constructor_H2cPlan_SaysToUseAnInvoker()
    {
        var plan = new LoadPlan { Name = "h2c", Target = new Uri("http://127.0.0.1:1/"), HttpVersion = "2", Concurrency = 1, Requests = 1 };

        var error = Assert.Throws<ArgumentException>(() => new Http11Client(plan));

        Assert.StartsWith("The lean client loads plain http:// over HTTP/1.1, not http://127.0.0.1:1/ over HTTP/2; use LoadLoop with an HttpMessageInvoker.", error.Message, StringComparison.Ordinal);
    }

    private static LoadPlan Plan(ScriptedHttpServer server, int requests, int concurrency) => new()
    {
        Name = "scripted",
        Target = server.Uri,
        Expect = new LoadExpectation { Body = "hello world"u8.ToArray() },
        Concurrency = concurrency,
        Requests = requests,
    };

    private static async Task<LoadResult> RunAsync(LoadPlan plan, bool? polled = null)
    {
        using var client = new Http11Client(plan, polled ?? Http11Client.Polled);
        var loop = new LoadLoop(plan, client);
        // Bounded here too: a client that hangs fails the test instead of stalling the run.
        return await loop.RunAsync(TestContext.Current.CancellationToken).WaitAsync(Bound, TestContext.Current.CancellationToken);
    }
}
