using System.Text;
using PerfAssert.Load;
using PerfAssert.Load.Http11;

namespace PerfAssert.Functional.Reference;

/// <summary>
/// The lean client's response parser (issue 30) on answers split at every byte, as a socket may deliver them: content length,
/// chunks, close-delimited bodies, interim answers; and every kind of malformed answer is one, with its reason.
/// </summary>
public sealed class Http11ParserTests
{
    private const string Sized = "HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\ncontent-length: 11\r\n\r\nhello world";
    private const string Chunked = "HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5;name=value\r\nhello\r\n6\r\n world\r\n0\r\nX-Trailer: 1\r\n\r\n";

    public static TheoryData<string> WellFormed => [Sized, Chunked, Sized.Replace("\r\n", "\n", StringComparison.Ordinal), "HTTP/1.1 100 Continue\r\n\r\n" + Chunked];

    [Theory]
    [MemberData(nameof(WellFormed))]
    public void Parse_AnswerSplitAtEveryByte_SameStatusAndBody(string answer)
    {
        var bytes = Encoding.ASCII.GetBytes(answer);
        for (var split = 0; split <= bytes.Length; split++)
        {
            var parser = new Http11ResponseParser(64);

            var (result, left) = Feed(parser, bytes[..split], bytes[split..]);

            Assert.True(result == Http11ParseResult.Done, $"split at {split}: {result} ({parser.Problem})");
            Assert.Equal((200, "hello world", 11L, true, 0), (parser.Status, Encoding.ASCII.GetString(parser.Body), parser.BodyLength, parser.KeepAlive, left));
        }
    }

    [Theory]
    [MemberData(nameof(WellFormed))]
    public void Parse_AnswerOneByteAtATime_SameStatusAndBody(string answer)
    {
        var parser = new Http11ResponseParser(64);

        var (result, _) = Feed(parser, [.. Encoding.ASCII.GetBytes(answer).Select(b => new[] { b })]);

        Assert.Equal((Http11ParseResult.Done, "hello world"), (result, Encoding.ASCII.GetString(parser.Body)));
    }

    [Fact]
    public void Parse_TwoAnswersInARow_ResetReadsTheSecondAndSaysWhereTheFirstEnded()
    {
        var parser = new Http11ResponseParser(64);
        var bytes = Encoding.ASCII.GetBytes(Sized + "HTTP/1.1 404 Not Found\r\nContent-Length: 0\r\n\r\n");

        var first = parser.Parse(bytes, out var used);
        var firstBody = Encoding.ASCII.GetString(parser.Body);
        parser.Reset();
        var second = parser.Parse(bytes.AsSpan(used), out var secondUsed);

        Assert.Equal((Http11ParseResult.Done, Sized.Length, "hello world"), (first, used, firstBody));
        Assert.Equal((Http11ParseResult.Done, 404, 0L, bytes.Length), (second, parser.Status, parser.BodyLength, used + secondUsed));
    }

    [Theory]
    [InlineData("HTTP/1.1 200 OK\r\nConnection: close\r\nContent-Length: 0\r\n\r\n", false)]
    [InlineData("HTTP/1.1 200 OK\r\nConnection: Upgrade, CLOSE\r\nContent-Length: 0\r\n\r\n", false)]
    [InlineData("HTTP/1.0 200 OK\r\nContent-Length: 0\r\n\r\n", false)]
    [InlineData("HTTP/1.0 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n", true)]
    [InlineData("HTTP/1.1 200 OK\r\nConnection: keep-alive\r\nContent-Length: 0\r\n\r\n", true)]
    public void Parse_ConnectionHeaderAndVersion_DecideWhetherTheConnectionStaysOpen(string answer, bool keepAlive)
    {
        var parser = new Http11ResponseParser(64);

        Assert.Equal(Http11ParseResult.Done, parser.Parse(Encoding.ASCII.GetBytes(answer), out _));
        Assert.Equal(keepAlive, parser.KeepAlive);
    }

    [Fact]
    public void End_BodyWithoutLengthOrChunks_RunsToTheCloseAndClosesTheConnection()
    {
        var parser = new Http11ResponseParser(64);

        var result = parser.Parse("HTTP/1.1 200 OK\r\n\r\nhello world"u8, out var used);

        Assert.Equal((Http11ParseResult.NeedMore, 30), (result, used));
        Assert.Equal(Http11ParseResult.Done, parser.End());
        Assert.Equal(("hello world", false), (Encoding.ASCII.GetString(parser.Body), parser.KeepAlive));
    }

    [Theory]
    [InlineData("HTTP/1.1 204 No Content\r\nContent-Length: 5\r\n\r\n", false)]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: 5\r\n\r\n", true)]
    public void Parse_NoContentOrAnswerToHead_HasNoBodyWhateverItsLength(string answer, bool head)
    {
        var parser = new Http11ResponseParser(64, bodiless: head);

        Assert.Equal(Http11ParseResult.Done, parser.Parse(Encoding.ASCII.GetBytes(answer), out _));
        Assert.Equal(0, parser.BodyLength);
    }

    [Fact]
    public void Parse_BodyLongerThanTheBytesKept_KeepsItsStartAndCountsItAll()
    {
        var parser = new Http11ResponseParser(4);

        Assert.Equal(Http11ParseResult.Done, parser.Parse(Encoding.ASCII.GetBytes(Sized), out _));
        Assert.Equal(("hell", 11L), (Encoding.ASCII.GetString(parser.Body), parser.BodyLength));
    }

    [Theory]
    [InlineData("HTTP/2 200 OK\r\n\r\n", "its status line 'HTTP/2 200 OK' is not 'HTTP/1.x NNN reason'")]
    [InlineData("HTTP/1.1 2000 OK\r\n\r\n", "its status line")]
    [InlineData("HTTP/1.1 OK\r\n\r\n", "its status line")]
    [InlineData("hello\r\n\r\n", "its status line 'hello'")]
    [InlineData("HTTP/1.1 200 OK\r\nno colon here\r\n\r\n", "its header line 'no colon here' is not 'name: value'")]
    [InlineData("HTTP/1.1 200 OK\r\nName : value\r\n\r\n", "is not 'name: value'")]
    [InlineData("HTTP/1.1 200 OK\r\nA: b\r\n folded\r\n\r\n", "is folded")]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: abc\r\n\r\n", "its Content-Length 'abc' is not a number")]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: -1\r\n\r\n", "its Content-Length '-1' is not a number")]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: 1\r\nContent-Length: 2\r\n\r\n", "two Content-Length headers (1 and 2)")]
    [InlineData("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nxyz\r\n", "its chunk size 'xyz' is not a hexadecimal number")]
    [InlineData("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n\r\n", "has no size")]
    [InlineData("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n1\r\nabc\r\n", "chunk data is followed by 'bc', not CRLF")]
    [InlineData("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\nfffffffffffffffff\r\n", "is not a hexadecimal number")]
    public void Parse_MalformedAnswer_IsMalformedWithItsReason(string answer, string problem)
    {
        var parser = new Http11ResponseParser(64);

        var (result, _) = Feed(parser, Encoding.ASCII.GetBytes(answer));

        Assert.Equal(Http11ParseResult.Malformed, result);
        Assert.Contains(problem, parser.Problem, StringComparison.Ordinal);
    }

    [Fact]
    public void Parse_HeaderBlockThatNeverEnds_IsMalformedOnceOverTheLimit()
    {
        var parser = new Http11ResponseParser(64);
        var header = Encoding.ASCII.GetBytes("X-Padding: " + new string('x', 1000) + "\r\n");
        var pieces = new[] { "HTTP/1.1 200 OK\r\n"u8.ToArray() }.Concat(Enumerable.Repeat(header, 100)).ToArray();

        var (result, _) = Feed(parser, pieces);

        Assert.Equal(Http11ParseResult.Malformed, result);
        Assert.Equal($"its header block is over {Http11ResponseParser.MaxHeaderBytes} bytes", parser.Problem);
    }

    [Theory]
    [InlineData("", "NeedMore", null)]
    [InlineData("HTTP/1.1 2", "Malformed", "the connection closed within its headers")]
    [InlineData("HTTP/1.1 200 OK\r\nContent-Length: 11\r\n\r\nhello", "Malformed", "the connection closed after 5 bytes of its body")]
    [InlineData("HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n", "Malformed", "the connection closed after 5 bytes of its body")]
    public void End_ConnectionClosedEarly_SaysWhereOrThatNothingCame(string received, string expected, string? problem)
    {
        var parser = new Http11ResponseParser(64);
        var (_, left) = Feed(parser, Encoding.ASCII.GetBytes(received));

        Assert.Equal(expected, parser.End(left).ToString());
        Assert.Equal(problem, parser.Problem);
    }

    [Fact]
    public void Encode_PostWithBodyAndHeaders_IsTheRequestLineHostFramingHeadersThenBody()
    {
        var plan = new LoadPlan
        {
            Name = "post",
            Target = new Uri("http://127.0.0.1:5000/api/echo?x=1"),
            Method = "POST",
            Body = "abc"u8.ToArray(),
            ContentType = "application/octet-stream",
            Headers = new Dictionary<string, string> { ["X-Test"] = "yes", ["Content-Length"] = "99" },
            Concurrency = 1,
            Requests = 1,
        };

        var request = Encoding.Latin1.GetString(Http11Request.Encode(plan));

        Assert.Equal("POST /api/echo?x=1 HTTP/1.1\r\nHost: 127.0.0.1:5000\r\nContent-Type: application/octet-stream\r\nContent-Length: 3\r\nX-Test: yes\r\n\r\nabc", request);
    }

    [Fact]
    public void Problems_HeaderWithALineBreak_NamesIt()
    {
        var plan = new LoadPlan { Name = "n", Target = new Uri("http://127.0.0.1/"), Concurrency = 1, Requests = 1, Headers = new Dictionary<string, string> { ["X-Evil"] = "a\r\nHost: b" } };

        Assert.Contains("Headers and ContentType must hold no CR or LF, nor a header name a colon: 'X-Evil'", plan.Problems());
    }

    /// <summary>Feeds the pieces as a connection does: bytes not consumed are passed again with the next piece. Returns the result and the bytes left.</summary>
    private static (Http11ParseResult Result, int Left) Feed(Http11ResponseParser parser, params byte[][] pieces)
    {
        parser.Reset();
        var pending = Array.Empty<byte>();
        var result = Http11ParseResult.NeedMore;
        foreach (var piece in pieces)
        {
            pending = [.. pending, .. piece];
            result = parser.Parse(pending, out var used);
            pending = pending[used..];
            if (result != Http11ParseResult.NeedMore)
            {
                break;
            }
        }

        return (result, pending.Length);
    }
}
