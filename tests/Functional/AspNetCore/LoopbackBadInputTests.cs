using System.Net;
using System.Net.Sockets;
using System.Text;
using PerfAssert.Functional.Hosting;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Functional.AspNetCore;

/// <summary>Bad input only a real socket can carry: truncated and oversize chunked bodies.</summary>
public sealed class LoopbackBadInputTests(LoopbackTargetsFixture fixture) : BadInputTests(fixture), IClassFixture<LoopbackTargetsFixture>
{
    private readonly LoopbackTargetsFixture _fixture = fixture;

    [Theory]
    [InlineData("api/echo/small", false)]
    [InlineData("minimal/stj/small", false)]
    [InlineData("minimal/newtonsoft/small", false)]
    [InlineData("minimal/xml/small", true)]
    [InlineData("throughput/echo", false)]
    public async Task Post_TruncatedBody_EndsInBoundedTimeAndKeepsServing(string path, bool xml)
    {
        using var cts = Bounded.Within();
        var http = _fixture.Endpoints.Http;
        using (var socket = new Socket(SocketType.Stream, ProtocolType.Tcp))
        {
            await socket.ConnectAsync(IPAddress.Loopback, http.Port, cts.Token);
            var request = $"POST /{path} HTTP/1.1\r\nHost: {http.Authority}\r\nContent-Type: {(xml ? "application/xml" : "application/json")}\r\nContent-Length: 1000\r\n\r\n[{{\"id\":";
            await socket.SendAsync(Encoding.ASCII.GetBytes(request), SocketFlags.None, cts.Token);
            socket.Shutdown(SocketShutdown.Send);
            var answer = await ReadToEndAsync(socket, cts.Token);
            Assert.True(answer.Length == 0 || answer.StartsWith("HTTP/1.1 4", StringComparison.Ordinal), $"Truncated body to {path} answered: {answer}");
        }

        using var client = _fixture.Endpoints.CreateHttpClient();
        var format = xml ? HttpPayloadFormat.DataContractXml : HttpPayloadFormat.Newtonsoft;
        using var good = await client.PostAsync(path, format.Serialize(PayloadGenerator.Small(2)), cts.Token);
        Assert.Equal(HttpStatusCode.OK, good.StatusCode);
    }

    // Kestrel stops a chunked body at the endpoint's limit with 413; the minimal API binder reports that as 400.
    [Theory]
    [InlineData("minimal/stj/small", HttpStatusCode.BadRequest)]
    [InlineData("minimal/newtonsoft/small", HttpStatusCode.RequestEntityTooLarge)]
    [InlineData("api/echo/small", HttpStatusCode.RequestEntityTooLarge)]
    [InlineData("throughput/echo", HttpStatusCode.RequestEntityTooLarge)]
    public async Task Post_OversizeChunkedBody_IsRejectedAtTheLimit(string path, HttpStatusCode expected)
    {
        using var cts = Bounded.Within();
        using var client = _fixture.Endpoints.CreateHttpClient();
        using var request = new HttpRequestMessage(HttpMethod.Post, path) { Content = new ByteArrayContent(new byte[RequestLimits.MaxBodyBytes + 1024]) };
        request.Content.Headers.ContentType = new("application/json");
        request.Headers.TransferEncodingChunked = true;

        using var response = await client.SendAsync(request, cts.Token);

        Assert.Equal(expected, response.StatusCode);
    }

    private static async Task<string> ReadToEndAsync(Socket socket, CancellationToken cancellationToken)
    {
        var buffer = new byte[4096];
        var text = new StringBuilder();
        try
        {
            int read;
            while ((read = await socket.ReceiveAsync(buffer, SocketFlags.None, cancellationToken)) > 0)
            {
                text.Append(Encoding.ASCII.GetString(buffer, 0, read));
            }
        }
        catch (SocketException)
        {
            // A reset is an acceptable end for a request the client never finished.
        }

        return text.ToString();
    }
}
