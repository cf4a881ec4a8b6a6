using System.Net;
using System.Net.Http.Headers;
using System.Text;
using PerfAssert.Functional.Hosting;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Functional.AspNetCore;

/// <summary>Bad requests get a 4xx in bounded time, and the same endpoint then serves a valid request.</summary>
public abstract class BadInputTests(TargetsFixture fixture)
{
    private static readonly Dictionary<string, (string Path, HttpPayloadFormat Format, Func<HttpPayloadFormat, HttpContent> Valid)> Targets = new()
    {
        ["controllers-json"] = ("api/echo/small", HttpPayloadFormat.Newtonsoft, f => f.Serialize(PayloadGenerator.Small(3))),
        ["controllers-xml"] = ("api/echo/large", HttpPayloadFormat.DataContractXml, f => f.Serialize(PayloadGenerator.Large(2))),
        ["minimal-stj"] = ("minimal/stj/small", HttpPayloadFormat.SystemTextJson, f => f.Serialize(PayloadGenerator.Small(3))),
        ["minimal-newtonsoft"] = ("minimal/newtonsoft/large", HttpPayloadFormat.Newtonsoft, f => f.Serialize(PayloadGenerator.Large(2))),
        ["minimal-xml"] = ("minimal/xml/small", HttpPayloadFormat.DataContractXml, f => f.Serialize(PayloadGenerator.Small(3))),
        ["todos"] = ("api/todos", HttpPayloadFormat.Newtonsoft, f => f.Serialize(PayloadGenerator.Todos(3))),
    };

    public static TheoryData<string, string, int> Cases()
    {
        var cases = new TheoryData<string, string, int>();
        foreach (var target in Targets.Keys)
        {
            cases.Add(target, "malformed", 400);
            cases.Add(target, "empty", 400);
            cases.Add(target, "wrong-content-type", 415);
            cases.Add(target, "oversize", 413);
        }

        return cases;
    }

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Post_BadBody_Answers4xxAndKeepsServing(string target, string defect, int expectedStatus)
    {
        using var cts = Bounded.Within();
        var (path, format, valid) = Targets[target];
        using var http = fixture.Endpoints.CreateHttpClient(TimeSpan.FromSeconds(15));

        // Expect: 100-continue lets a server refuse an oversize body before the client sends it, as real clients do.
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = BadContent(format, defect) };
        request.Headers.ExpectContinue = defect == "oversize";
        using (var bad = await http.SendAsync(request, cts.Token))
        {
            var text = await bad.Content.ReadAsStringAsync(cts.Token);
            Assert.True((int)bad.StatusCode == expectedStatus, $"{defect} to {path}: expected {expectedStatus}, got {(int)bad.StatusCode}: {text}");
            Assert.False(string.IsNullOrWhiteSpace(text), $"{defect} to {path}: the {(int)bad.StatusCode} answer has no problem text.");
        }

        using var good = await http.PostAsync(path, valid(format), cts.Token);
        Assert.Equal(HttpStatusCode.OK, good.StatusCode);
    }

    [Fact]
    public async Task Post_UnknownOperation_Answers404()
    {
        using var cts = Bounded.Within();
        using var http = fixture.Endpoints.CreateHttpClient();

        using var response = await http.PostAsync("api/echo/medium", HttpPayloadFormat.Newtonsoft.Serialize(PayloadGenerator.Small(1)), cts.Token);

        Assert.Equal(HttpStatusCode.NotFound, response.StatusCode);
    }

    [Fact]
    public async Task Post_AcceptNoFormatterWrites_Answers406()
    {
        using var cts = Bounded.Within();
        using var http = fixture.Endpoints.CreateHttpClient();
        using var request = new HttpRequestMessage(HttpMethod.Post, "api/echo/small") { Content = HttpPayloadFormat.Newtonsoft.Serialize(PayloadGenerator.Small(1)) };
        request.Headers.Accept.ParseAdd("application/x-unknown");

        using var response = await http.SendAsync(request, cts.Token);

        Assert.Equal(HttpStatusCode.NotAcceptable, response.StatusCode);
    }

    private static HttpContent BadContent(HttpPayloadFormat format, string defect)
    {
        var mediaType = format.MediaType;
        var content = defect switch
        {
            "malformed" => new ByteArrayContent(Encoding.UTF8.GetBytes(mediaType.Contains("json", StringComparison.Ordinal)
                ? "[{\"id\": \"not-a-guid\", "
                : "<ArrayOfSmallItem xmlns=\"urn:perfassert:targets:2026\"><SmallItem><Id>zz")),
            "empty" => new ByteArrayContent([]),
            "wrong-content-type" => new ByteArrayContent("hello"u8.ToArray()),
            "oversize" => new ByteArrayContent(new byte[RequestLimits.MaxBodyBytes + 1]),
            _ => throw new ArgumentOutOfRangeException(nameof(defect), defect, null),
        };
        content.Headers.ContentType = new MediaTypeHeaderValue(defect == "wrong-content-type" ? "text/plain" : mediaType);
        return content;
    }
}
