using System.Net;
using System.Net.Http.Headers;
using PerfAssert.Conformance.Support;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.MessagePackApi;

namespace PerfAssert.Conformance.MessagePack;

/// <summary>
/// The MessagePack stacks (MessagePack-CSharp on the server and in our client) against an implementation that is not .NET, Debian's
/// python3-msgpack, in both directions: its client against our controllers on loopback, and our client against its
/// server. Payloads at the edges: decimal max and min and 1E-28, offsets +14:00 and -12:00 with 100 ns ticks, years 1
/// and 9999, ulong max, emoji and right-to-left text, "" next to null, empty lists.
/// </summary>
public sealed class MessagePackPeerTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>
{
    private const string Package = "python3-msgpack";
    private static readonly TimeSpan PeerTimeout = TimeSpan.FromSeconds(60);

    [Fact]
    public async Task PythonMsgpackClient_AgainstTheControllers_ReadsAndWritesTheSameValues()
    {
        await PeerProcess.RequirePythonModuleAsync("msgpack", Package);

        var output = await PeerProcess.RunPythonClientAsync("msgpack_peer.py", "python3-msgpack", PeerTimeout, targets.Endpoints.Http.ToString());

        Assert.Contains("msgpack->msgpack", output, StringComparison.Ordinal);
        Assert.Contains("json->msgpack", output, StringComparison.Ordinal);
    }

    [Fact]
    public async Task OurClient_AgainstAPythonMsgpackServer_EchoesEdgePayloadsExactly()
    {
        await PeerProcess.RequirePythonModuleAsync("msgpack", Package);
        await using var peer = PeerProcess.Start(PeerProcess.Python, [PeerProcess.Program("msgpack_peer.py"), "server"]);
        var port = int.Parse(peer.WaitForLine("listening ", PeerTimeout), System.Globalization.CultureInfo.InvariantCulture);
        var endpoints = new TargetEndpoints { Http = new Uri($"http://127.0.0.1:{port}/") };
        await using var client = TargetCatalog.Get(MessagePackStacks.ControllersId).Create(endpoints);
        using var timeout = new CancellationTokenSource(PeerTimeout);

        var large = EdgeItems.Large();
        var small = EdgeItems.Small();
        var largeBack = await client.EchoLargeAsync(large, timeout.Token);
        var smallBack = await client.EchoSmallAsync(small, timeout.Token);
        var empty = await client.EchoLargeAsync([], timeout.Token);

        Assert.Null(PayloadComparer.FirstDifference(large, largeBack, PayloadComparer.Large));
        Assert.Null(PayloadComparer.FirstDifference(small, smallBack, PayloadComparer.Small));
        Assert.Empty(empty);
    }

    [Fact]
    public async Task PythonMsgpackServer_RejectsAGuidInAnotherFormat_SoItsChecksCanFail()
    {
        // The server peer checks the formats it reads; without this, the echo above would pass on any self-consistent format.
        await PeerProcess.RequirePythonModuleAsync("msgpack", Package);
        await using var peer = PeerProcess.Start(PeerProcess.Python, [PeerProcess.Program("msgpack_peer.py"), "server"]);
        var port = int.Parse(peer.WaitForLine("listening ", PeerTimeout), System.Globalization.CultureInfo.InvariantCulture);
        using var http = new HttpClient { Timeout = PeerTimeout };
        // [[nil, Guid as bin 16]]: not MessagePack-CSharp's Guid (a string), which it cannot read either.
        using var body = new ByteArrayContent(Convert.FromHexString("9192C0C41000112233445566778899AABBCCDDEEFF"));
        body.Headers.ContentType = new MediaTypeHeaderValue(MessagePackMediaType.Value);

        using var response = await http.PostAsync(new Uri($"http://127.0.0.1:{port}/api/echo/small"), body, TestContext.Current.CancellationToken);

        Assert.Equal(HttpStatusCode.BadRequest, response.StatusCode);
        Assert.Contains("Guid string", await response.Content.ReadAsStringAsync(TestContext.Current.CancellationToken), StringComparison.Ordinal);
    }
}
