using System.Net;
using System.Net.Sockets;
using System.Text;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Clients.MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.BadInput;

/// <summary>
/// A body cut short on a real socket (Content-Length promises more than arrives, then the client half-closes): the
/// targets AspNetCore/ does not cover yet must answer 4xx or close in bounded time, and then serve a valid echo.
/// </summary>
public sealed class TruncatedBodyTests(LoopbackTargetsFixture fixture) : IClassFixture<LoopbackTargetsFixture>
{
    private const string TodoRecovery = "todos";

    [Theory]
    [InlineData("minimal/msgpack/large", "application/x-msgpack", "", MessagePackStacks.MinimalId)]
    [InlineData("api/echo/large", "application/x-msgpack", "", MessagePackStacks.ControllersId)]
    [InlineData("wcf/basic", "text/xml; charset=utf-8", "\"" + WcfContract.ActionPrefix + WcfContract.EchoLarge + "\"", "Wcf.BasicHttp/Text")]
    [InlineData("wcf/web/xml/EchoLarge", "application/xml", "", "Wcf.WebHttp/Xml")]
    [InlineData("wcf/web/json/EchoLarge", "application/json", "", "Wcf.WebHttp/Json")]
    [InlineData("api/todos", "application/json", "", TodoRecovery)]
    public async Task Post_BodyShorterThanContentLength_EndsInBoundedTimeAndKeepsServing(string path, string contentType, string soapAction, string recovery)
    {
        using var cts = BadInputTimeout.Start();
        var http = fixture.Endpoints.Http;
        using (var socket = new Socket(SocketType.Stream, ProtocolType.Tcp))
        {
            await socket.ConnectAsync(IPAddress.Loopback, http.Port, cts.Token);
            var action = soapAction.Length == 0 ? string.Empty : $"SOAPAction: {soapAction}\r\n";
            var head = $"POST /{path} HTTP/1.1\r\nHost: {http.Authority}\r\nContent-Type: {contentType}\r\n{action}Content-Length: 4096\r\n\r\n";
            await socket.SendAsync(Encoding.ASCII.GetBytes(head), SocketFlags.None, cts.Token);
            await socket.SendAsync(new byte[] { 0x93, 0x01, 0x3c, 0x5b }, SocketFlags.None, cts.Token);
            socket.Shutdown(SocketShutdown.Send);

            var answer = await ReadToEndAsync(socket, cts.Token);

            Assert.True(answer.Length == 0 || answer.StartsWith("HTTP/1.1 4", StringComparison.Ordinal), $"A truncated body to {path} answered: {answer}");
        }

        if (recovery == TodoRecovery)
        {
            await using var todos = new RestTodoClient(fixture.Endpoints);
            Assert.Equal(3, await todos.SendAsync(PayloadGenerator.Todos(3), cts.Token));
            return;
        }

        await HttpBadInputTests.AssertEchoesAsync(fixture.Endpoints, recovery, cts.Token);
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
