using System.Globalization;
using System.Net;
using System.Net.Sockets;
using PerfAssert.Conformance.MessagePack;
using PerfAssert.Conformance.Support;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;
using NetTcpSecurity = PerfAssert.Targets.Services.Wcf.NetTcp.NetTcpSecurity;

namespace PerfAssert.Conformance.Wcf;

/// <summary>
/// The WCF stand-ins against a real WCF: Mono's System.ServiceModel, a separate implementation of the protocols (its
/// binary encoder, static dictionary and framing are its own), compiled from <c>Peers/mono_wcf_peer.cs</c> by Mono's mcs.
/// Mono's client calls the NetTcp, BasicHttp and WebHttp (XML; JSON through Mono's DataContractJsonSerializer) stand-ins
/// with edge-case payloads and checks every answer; the project's clients call a Mono service over each binding: the real
/// .NET WCF client (<see cref="WcfChannelClient"/>) over NetTcp and BasicHttp, <see cref="WebHttpWcfClient"/> over WebHttp.
/// </summary>
public sealed class MonoWcfPeerTests(LoopbackTargetsFixture targets, MonoPeer mono) : IClassFixture<LoopbackTargetsFixture>, IClassFixture<MonoPeer>
{
    private static readonly TimeSpan PeerTimeout = TimeSpan.FromSeconds(120);

    [Fact]
    public async Task MonoClient_NetTcpBinding_CallsEveryOperationExactly()
    {
        var endpoint = targets.Endpoints.Tcp[Targets.Services.Wcf.WcfModule.NetTcpTuned];

        var output = await mono.RunClientAsync("nettcp", $"net.tcp://127.0.0.1:{endpoint.Port}/wcf/nettcp", PeerTimeout);

        await AssertSameFirstTodoAsync(output);
    }

    [Fact]
    public async Task MonoClient_BasicHttpBinding_CallsEveryOperationExactly()
    {
        var output = await mono.RunClientAsync("basichttp", new Uri(targets.Endpoints.Http, "/wcf/basic").ToString(), PeerTimeout);

        await AssertSameFirstTodoAsync(output);
    }

    [Fact]
    public async Task MonoWebHttpClient_XmlBodies_CallsEveryOperationExactly()
    {
        var output = await mono.RunClientAsync("webxml", new Uri(targets.Endpoints.Http, WebHttpEndpoints.XmlPrefix).ToString(), PeerTimeout);

        Assert.Contains("ok GetDataStream max < min is 400", output, StringComparison.Ordinal);
        await AssertSameFirstTodoAsync(output);
    }

    [Fact]
    public async Task MonoJsonSerializer_WebHttpJsonBodies_CallsEveryOperationAsJsonKeepsThem()
    {
        var output = await mono.RunClientAsync("webjson", new Uri(targets.Endpoints.Http, WebHttpEndpoints.JsonPrefix).ToString(), PeerTimeout);

        Assert.Contains("ok EchoLarge edge values (as JSON keeps them)", output, StringComparison.Ordinal);
        await AssertSameFirstTodoAsync(output);
    }

    [Fact]
    public async Task MonoClient_NetTcpTransportSecurity_SkipsTheUpgrade_SecuredStandInRefusesItAndStillServesTls()
    {
        // Mono 6.8's NetTcpBinding has no stream upgrades: with SecurityMode.Transport it ends the preamble (0x0C) without
        // asking for application/ssl-tls, so it is no TLS peer. What it does prove: the secured endpoint serves nothing in
        // the clear to a real client, and says why ([MC-NMF] UpgradeInvalid; CoreWCF aborts the connection instead).
        // (Pointed at the unsecured endpoint, the same Mono client is served in the clear: it never asked for TLS.)
        var endpoint = targets.Endpoints.Tcp[Targets.Services.Wcf.WcfModule.NetTcpDefault];
        await using var probe = mono.Start(["client", "nettcp-transport", $"net.tcp://127.0.0.1:{endpoint.Port}/wcf/nettcp"]);

        Assert.Equal(0, await probe.WaitForExitAsync(PeerTimeout));
        Assert.Contains("refused: FaultException: http://schemas.microsoft.com/ws/2006/05/framing/faults/UpgradeInvalid", probe.Output, StringComparison.Ordinal);
        await using var tls = WcfChannelClient.NetTcp(targets.Endpoints, NetTcpSecurity.Transport);
        Assert.Equal(3, (await tls.EchoSmallAsync(EdgeItems.Small(), TestContext.Current.CancellationToken)).Count);
    }

    [Fact]
    public async Task RealWcfClient_CallsAMonoNetTcpService_Exactly()
    {
        var (service, port) = await StartServiceAsync("nettcp");
        await using var _ = service;
        WcfChannelClient Connect() => WcfChannelClient.NetTcp(new IPEndPoint(IPAddress.Loopback, port), TimeSpan.FromSeconds(10));
        await using var client = Connect();
        var ct = TestContext.Current.CancellationToken;

        await AssertMonoServiceAnswersExactlyAsync(client, EdgeItems.XmlLarge());
        // Mono answers a FaultException as an InternalServiceFault without RelatesTo (WCF sends the fault's reason and
        // relates it to the request); the WCF client over a duplex session cannot match such a reply to its request, drops
        // it and times out (the old stand-in client named the missing header instead).
        var unrelated = await Assert.ThrowsAsync<TimeoutException>(() => client.GetDataStreamAsync(5, 1, ct));
        Assert.Contains("did not receive a reply within the configured timeout", unrelated.Message, StringComparison.Ordinal);
        // A session whose request timed out is in no known state (WCF's advice is to abort it), and now and then the next
        // call on it got "The server did not provide a meaningful reply" (one CI run in about seven): the service still
        // serves, on a new session.
        await using var next = Connect();
        Assert.Equal(3, (await next.GetAsync(ct)).Count);
    }

    [Fact]
    public async Task RealWcfClient_CallsAMonoBasicHttpService_Exactly()
    {
        var (service, port) = await StartServiceAsync("basichttp");
        await using var _ = service;
        await using var client = WcfChannelClient.BasicHttp(new Uri($"http://127.0.0.1:{port}{BasicHttpEndpoint.Path}"), TimeSpan.FromSeconds(30));
        var ct = TestContext.Current.CancellationToken;

        // Mono's SOAP text service loses the CR of a CR LF in the strings it answers (WCF's text writer escapes it as
        // &#xD; and keeps it; Mono's client reads our &#xD; back exactly): the one difference, pinned here.
        var sent = EdgeItems.XmlLarge();
        var answered = EdgeItems.XmlLarge();
        Assert.Equal("line\r\nbreak", sent[1].InvoiceAddress!.Street);
        answered[1].InvoiceAddress!.Street = "line\nbreak";
        await AssertMonoServiceAnswersExactlyAsync(client, sent, answered);
        // Mono answers a FaultException as an InternalServiceFault (HTTP 500), not with the exception's reason, and its
        // SOAP 1.1 fault carries a WS-Addressing header, which the WCF client's BasicHttpBinding (no addressing) refuses.
        var fault = await Assert.ThrowsAsync<InvalidOperationException>(() => client.GetDataStreamAsync(5, 1, ct));
        Assert.Contains("does not support adding WS-Addressing headers", fault.Message, StringComparison.Ordinal);
        Assert.Equal(3, (await client.GetAsync(ct)).Count);
    }

    [Theory]
    [InlineData(WebHttpFormat.Xml)]
    [InlineData(WebHttpFormat.Json)]
    public async Task StandInWebHttpClient_CallsAMonoWebHttpService_EveryOperationWithABody(WebHttpFormat format)
    {
        var (service, port) = await StartServiceAsync(format == WebHttpFormat.Xml ? "webxml" : "webjson");
        await using var _ = service;
        await using var client = new WebHttpWcfClient(new TargetEndpoints { Http = new Uri($"http://127.0.0.1:{port}/") }, format, TimeSpan.FromSeconds(30));
        var ct = TestContext.Current.CancellationToken;

        var small = EdgeItems.Small();
        Assert.Null(PayloadComparer.FirstDifference(small, await client.EchoSmallAsync(small, ct), PayloadComparer.Small));
        Assert.Empty(await client.EchoSmallAsync([], ct));
        // JSON carries dates to the millisecond (WCF's "\/Date(ms+hhmm)\/"): the echo must keep exactly what our own
        // JSON keeps, so Mono may lose nothing more; XML keeps every tick.
        // Mono changes one thing: the CR of a CR LF in the strings it answers, to LF in XML (as its SOAP service does) and,
        // oddly, to a second LF in JSON ("line\r\nbreak" comes back as "line\n\nbreak"); pinned here.
        var large = EdgeItems.XmlLarge();
        var answered = Kept(format, EdgeItems.XmlLarge());
        Assert.Equal("line\r\nbreak", answered[1].InvoiceAddress!.Street);
        answered[1].InvoiceAddress!.Street = format == WebHttpFormat.Xml ? "line\nbreak" : "line\n\nbreak";
        Assert.Null(PayloadComparer.FirstDifference(answered, await client.EchoLargeAsync(large, ct), PayloadComparer.Large));
        var expectedStream = Enumerable.Range(-3, 7).Select(v => new CompositeType { BoolValue = v % 2 == 0, StringValue = $"Item {v} ✓", IntValue = v }).ToList();
        Assert.Null(PayloadComparer.FirstDifference(expectedStream, await client.GetDataStreamAsync(-3, 3, ct), PayloadComparer.Composite));
        var todos = Enumerable.Range(0, 3).Select(i => new TodoItem { Id = i == 0 ? int.MaxValue : -i, Title = i == 1 ? "" : "\U0001F680 שלום", CreatedAt = new DateTimeOffset(9999, 12, 31, 0, 0, 0, TimeSpan.FromHours(14)) }).ToList();
        Assert.Equal(3, await client.SendAsync(todos, ct));
        Assert.Equal(0, await client.SendAsync([], ct));
        Assert.Equal(int.MaxValue, await client.SendOneAsync(todos[0], ct));
        var bad = await Assert.ThrowsAsync<HttpRequestException>(() => client.GetDataStreamAsync(5, 1, ct));
        Assert.Equal(HttpStatusCode.BadRequest, bad.StatusCode);
        Assert.Null(PayloadComparer.FirstDifference(small, await client.EchoSmallAsync(small, ct), PayloadComparer.Small));
        // Not called: GetTodos and FirstTodo take no body, and Mono's WebServiceHost cannot take a POST without one (the
        // process dies in WebMessageEncoder: ArgumentNullException without a Content-Type, "Argument XmlReader is
        // expected to be positioned at element" with one). Mono's client calls both against the stand-in instead.
        Assert.False(service.HasExited, "the Mono WebHttp service died: " + service.Output);
    }

    /// <summary>
    /// What <paramref name="format"/> itself keeps of <paramref name="items"/>: all of it in XML; in JSON, what
    /// DataContractJsonSerializer with its defaults (WCF's WebHttp JSON, and the stand-in's) reads back of its own text.
    /// </summary>
    private static List<LargeItem> Kept(WebHttpFormat format, List<LargeItem> items)
    {
        if (format == WebHttpFormat.Xml)
        {
            return items;
        }

        var serializer = new System.Runtime.Serialization.Json.DataContractJsonSerializer(typeof(List<LargeItem>));
        using var body = new MemoryStream();
        serializer.WriteObject(body, items);
        body.Position = 0;
        return (List<LargeItem>)serializer.ReadObject(body)!;
    }

    /// <summary>
    /// Every operation of the Mono service (see the peer's header for what it answers), each checked exactly: the large
    /// items <paramref name="sent"/> must come back as <paramref name="answered"/> (the same when not given).
    /// </summary>
    private static async Task AssertMonoServiceAnswersExactlyAsync(IWcfClient client, List<LargeItem> sent, List<LargeItem>? answered = null)
    {
        var ct = TestContext.Current.CancellationToken;

        var small = EdgeItems.Small();
        Assert.Null(PayloadComparer.FirstDifference(small, await client.EchoSmallAsync(small, ct), PayloadComparer.Small));
        Assert.Empty(await client.EchoSmallAsync([], ct));
        Assert.Null(PayloadComparer.FirstDifference(answered ?? sent, await client.EchoLargeAsync(sent, ct), PayloadComparer.Large));
        Assert.Null(PayloadComparer.FirstDifference(answered ?? sent, await client.EchoLargeAsync(sent, ct), PayloadComparer.Large));
        var expectedStream = Enumerable.Range(-3, 7).Select(v => new CompositeType { BoolValue = v % 2 == 0, StringValue = $"Item {v} ✓", IntValue = v }).ToList();
        Assert.Null(PayloadComparer.FirstDifference(expectedStream, await client.GetDataStreamAsync(-3, 3, ct), PayloadComparer.Composite));
        var todos = await client.GetAsync(ct);
        Assert.Equal(3, todos.Count);
        var first = await client.FirstAsync(ct);
        Assert.Equal(int.MaxValue, first.Id);
        Assert.Equal("\U0001F680 שלום", first.Title);
        Assert.Equal(new DateTimeOffset(9999, 12, 31, 23, 59, 59, TimeSpan.FromHours(14)).AddTicks(9_999_999), first.CreatedAt);
        Assert.Equal(TimeSpan.FromHours(14), first.CreatedAt.Offset);
        Assert.Null(todos[2].Title);
        Assert.Equal(string.Empty, todos[1].Title);
        Assert.Equal(TimeSpan.FromHours(-12), todos[1].CreatedAt.Offset);
        Assert.Equal(3, await client.SendAsync(todos, ct));
        Assert.Equal(-1, await client.SendOneAsync(todos[2], ct));
    }

    /// <summary>The first todo Mono's client read must be the stand-in's own, to the 100 ns tick and the offset.</summary>
    private async Task AssertSameFirstTodoAsync(string output)
    {
        await using var client = WcfChannelClient.NetTcp(targets.Endpoints, NetTcpSecurity.None);
        var first = await client.FirstAsync(TestContext.Current.CancellationToken);
        var line = string.Create(CultureInfo.InvariantCulture,
            $"first-todo: {first.Id}|{first.Title ?? "(null)"}|{(first.IsComplete ? "true" : "false")}|{first.CreatedAt:yyyy-MM-dd'T'HH:mm:ss.fffffffzzz}");
        Assert.Contains(line, output, StringComparison.Ordinal);
    }

    /// <summary>
    /// Starts a Mono service on a free port and waits until it listens. The port is free when chosen but can be taken before
    /// Mono binds it (a CI run lost one to another process's outgoing connection, and the peer, failed but still running,
    /// was waited for 120 s): then it starts again on another port, up to three times.
    /// </summary>
    private async Task<(PeerProcess Service, int Port)> StartServiceAsync(string kind)
    {
        for (var attempt = 1; ; attempt++)
        {
            var port = FreePort();
            var service = mono.Start(["service", kind, port.ToString(CultureInfo.InvariantCulture)]);
            try
            {
                service.WaitForLine("listening ", PeerTimeout, failure: "Address already in use");
                return (service, port);
            }
            catch (IOException) when (attempt < 3)
            {
                await service.DisposeAsync();
            }
            catch
            {
                await service.DisposeAsync();
                throw;
            }
        }
    }

    private static int FreePort()
    {
        using var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        return ((IPEndPoint)listener.LocalEndpoint).Port;
    }
}
