using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;
using System.ServiceModel;
using System.ServiceModel.Security;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;
using NetTcpSecurity = PerfAssert.Targets.Services.Wcf.NetTcp.NetTcpSecurity;

namespace PerfAssert.Functional.Wcf;

public sealed class NetTcpTests(WcfHostsFixture hosts) : IClassFixture<WcfHostsFixture>
{
    private TargetEndpoints Endpoints => hosts.Loopback.Endpoints;

    [Fact]
    public async Task DefaultClient_FirstCall_ValidatesTheStandInCertificateOverTls()
    {
        var shown = new List<X509Certificate?>();
        using var factory = WcfClientBindings.NetTcpFactory<IWcfService>(Address(WcfModule.NetTcpDefault), NetTcpSecurity.Transport, Bounded.Limit, certificate =>
        {
            lock (shown)
            {
                shown.Add(certificate);
            }

            return NetTcpCertificate.IsPinned(certificate);
        });
        var channel = factory.CreateChannel();

        var first = await channel.FirstTodoAsync().Within();

        Assert.Equal(PayloadGenerator.Todos()[0].Id, first.Id);
        Assert.True(NetTcpCertificate.IsPinned(Assert.Single(shown)));
        ((IClientChannel)channel).Abort();
    }

    [Fact]
    public async Task DefaultClient_CertificateNotTrusted_FailsBeforeAnyCall()
    {
        using var factory = WcfClientBindings.NetTcpFactory<IWcfService>(Address(WcfModule.NetTcpDefault), NetTcpSecurity.Transport, Bounded.Limit, _ => false);
        var channel = factory.CreateChannel();

        var refused = await Assert.ThrowsAsync<SecurityNegotiationException>(() => channel.FirstTodoAsync()).Within();

        Assert.Contains("Not the NetTcp stand-in's certificate", refused.ToString(), StringComparison.Ordinal);
        ((IClientChannel)channel).Abort();
        await AssertListenerServesAsync(NetTcpSecurity.Transport);
    }

    [Fact]
    public void Certificate_AnotherSelfSignedCertificate_IsNotPinned()
    {
        using var key = ECDsa.Create();
        using var other = new CertificateRequest("CN=PerfAssert NetTcp stand-in", key, HashAlgorithmName.SHA256).CreateSelfSigned(DateTimeOffset.UtcNow, DateTimeOffset.UtcNow.AddDays(1));

        Assert.True(NetTcpCertificate.IsPinned(NetTcpCertificate.Current));
        Assert.False(NetTcpCertificate.IsPinned(other));
    }

    [Fact]
    public void Client_OnAnInMemoryHost_ExplainsThatNetTcpNeedsSockets()
    {
        var error = Assert.Throws<InvalidOperationException>(() => WcfChannelClient.NetTcp(hosts.InMemory.Endpoints, NetTcpSecurity.None));

        Assert.Contains("nettcp-tuned", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Session_ManyCalls_ReuseOneConnectionAndItsSessionDictionary()
    {
        await using var session = await RawNetTcpSession.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpTuned]);

        for (var seed = 1; seed <= 5; seed++)
        {
            var items = PayloadGenerator.Large(3, seed);
            var reply = (List<LargeItem>?)await session.CallAsync(session.Request(WcfContract.EchoLarge, items), WcfContract.EchoLarge);
            Assert.Null(PayloadComparer.FirstDifference(items, reply, PayloadComparer.Large));
        }
    }

    [Fact]
    public async Task Session_UnknownAction_GetsActionNotSupportedFaultAndStaysOpen()
    {
        await using var session = await RawNetTcpSession.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpTuned]);

        var fault = await Assert.ThrowsAsync<WcfFaultException>(() => session.CallAsync(session.RequestWithAction("urn:no-such-action"), WcfContract.EchoSmall));

        Assert.Equal(WcfFaultCode.Sender, fault.Code);
        Assert.Equal("ActionNotSupported", fault.Subcode);
        Assert.Equal("http://www.w3.org/2005/08/addressing", fault.SubcodeNamespace);
        await AssertSessionServesAsync(session);
    }

    [Fact]
    public async Task Session_BodyIsNotTheOperationsWrapper_GetsInternalServiceFaultInTheDispatcherNamespaceAndStaysOpen()
    {
        await using var session = await RawNetTcpSession.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpTuned]);

        var fault = await Assert.ThrowsAsync<WcfFaultException>(() => session.CallAsync(session.RequestWithAction(WcfContract.ActionPrefix + WcfContract.EchoSmall), WcfContract.EchoSmall));

        Assert.Equal(WcfFaultCode.Receiver, fault.Code);
        Assert.Equal("InternalServiceFault", fault.Subcode);
        Assert.Equal(WcfFaultException.DispatcherNamespace, fault.SubcodeNamespace);
        Assert.StartsWith("The server was unable to process the request due to an internal error: the Body holds <Nothing", fault.Message, StringComparison.Ordinal);
        await AssertSessionServesAsync(session);
    }

    [Fact]
    public async Task Session_MalformedBinaryXml_GetsSenderFaultAndStaysOpen()
    {
        await using var session = await RawNetTcpSession.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpTuned]);
        // An empty session-dictionary section, then bytes that are not binary XML.
        byte[] frame = [NetTcpRecord.SizedEnvelope, 6, 0, 0xFF, 0xFE, 0x42, 0x00, 0x13];

        var fault = await Assert.ThrowsAsync<WcfFaultException>(() => session.CallAsync(frame, WcfContract.EchoSmall));

        Assert.Equal(WcfFaultCode.Sender, fault.Code);
        await AssertSessionServesAsync(session);
    }

    [Fact]
    public async Task Session_OversizeFrame_GetsMaxMessageSizeFaultAndOnlyThatConnectionEnds()
    {
        await using var session = await RawNetTcpSession.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpTuned]);
        using var size = new MemoryStream();
        size.WriteByte(NetTcpRecord.SizedEnvelope);
        NetTcpFraming.WriteSize(size, WcfLimits.MaxReceivedMessageSize + 1);

        await session.SendAsync(size.ToArray());

        Assert.Equal(NetTcpRecord.MaxMessageSizeExceededFault, await session.ReadFaultAsync());
        Assert.Equal(-1, await session.ReadRecordAsync());
        await AssertListenerServesAsync(NetTcpSecurity.None);
    }

    [Fact]
    public async Task Session_CallThenInvalidRecordAndMoreBytes_TheClientReadsTheReplyAndTheFault()
    {
        // What the fuzz pass sends: a whole session at once, broken after its first call, then the sending side closed.
        // A service that closed with bytes unread would reset the connection, and the client lose what it was sent.
        using var tcp = new System.Net.Sockets.TcpClient(System.Net.Sockets.AddressFamily.InterNetwork) { NoDelay = true };
        await tcp.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpTuned], TestContext.Current.CancellationToken).AsTask().Within();
        var stream = tcp.GetStream();
        var codec = new NetTcpBinaryCodec();
        byte[] session =
        [
            .. RawNetTcpSession.TunedPreamble,
            .. codec.EncodeFrame(w => SoapMessage.WriteRequest(w, SoapVersion.Soap12WSAddressing10, WcfContract.EchoSmall, [PayloadGenerator.Small(2)])),
            0x55,
            .. new byte[64 * 1024],
        ];

        await stream.WriteAsync(session, TestContext.Current.CancellationToken).AsTask().Within();
        tcp.Client.Shutdown(System.Net.Sockets.SocketShutdown.Send);
        var received = new MemoryStream();
        await stream.CopyToAsync(received, TestContext.Current.CancellationToken).Within();

        var answer = received.ToArray();
        Assert.True(answer.Length > 2, $"answered {answer.Length} bytes: {Convert.ToHexString(answer)}");
        Assert.Equal(NetTcpRecord.PreambleAck, answer[0]);
        Assert.Equal(NetTcpRecord.SizedEnvelope, answer[1]);
        var fault = NetTcpFraming.StringRecord(NetTcpRecord.Fault, NetTcpRecord.InvalidRecordFault);
        Assert.Equal(fault, answer[^fault.Length..]);
    }

    [Fact]
    public async Task Session_TruncatedFrameThenClose_EndsOnlyThatConnection()
    {
        await using var session = await RawNetTcpSession.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpTuned]);
        var frame = session.Request(WcfContract.EchoSmall, PayloadGenerator.Small(10));

        await session.SendAsync(frame[..(frame.Length / 2)]);
        session.EndSending();

        Assert.Equal(-1, await session.ReadRecordAsync());
        await AssertListenerServesAsync(NetTcpSecurity.None);
    }

    [Fact]
    public async Task Session_StalledFrame_TimesOutWithAFaultRecord()
    {
        var options = new TargetHostOptions { Modules = [new WcfModule(new WcfModuleOptions { FrameTimeout = TimeSpan.FromMilliseconds(300) })] };
        await using var host = await TargetHost.StartAsync(options, TestContext.Current.CancellationToken);
        await using var session = await RawNetTcpSession.ConnectAsync(host.Endpoints.Tcp[WcfModule.NetTcpTuned]);
        var frame = session.Request(WcfContract.EchoSmall, PayloadGenerator.Small(10));

        await session.SendAsync(frame[..(frame.Length / 2)]);

        Assert.Equal(NetTcpRecord.TimeoutFault, await session.ReadFaultAsync());
        Assert.Equal(-1, await session.ReadRecordAsync());
    }

    [Fact]
    public async Task Host_StoppedWithAnIdleSessionOpen_StopsWithoutWaitingForTheSession()
    {
        var ct = TestContext.Current.CancellationToken;
        var host = await TargetHost.StartAsync(new TargetHostOptions { Modules = [new WcfModule()] }, ct);
        await using var client = WcfChannelClient.NetTcp(host.Endpoints, NetTcpSecurity.Transport, Bounded.Limit);
        await client.FirstAsync(ct).Within();

        // Shutdown waits up to 10 seconds for connections; an idle session must close at once when asked.
        await host.DisposeAsync().AsTask().WaitAsync(TimeSpan.FromSeconds(5), ct);
    }

    [Fact]
    public async Task Preamble_UnsupportedVersion_GetsFaultRecord()
    {
        byte[] preamble = [NetTcpRecord.Version, 2, 0, .. RawNetTcpSession.TunedPreamble[3..]];
        await using var session = await RawNetTcpSession.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpTuned], preamble);

        Assert.Equal(NetTcpRecord.UnsupportedVersionFault, await session.ReadFaultAsync());
        await AssertListenerServesAsync(NetTcpSecurity.None);
    }

    [Fact]
    public async Task Preamble_DefaultEndpointWithoutTlsUpgrade_GetsUpgradeInvalidFault()
    {
        await using var session = await RawNetTcpSession.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpDefault], RawNetTcpSession.TunedPreamble);

        Assert.Equal(NetTcpRecord.UpgradeInvalidFault, await session.ReadFaultAsync());
        await AssertListenerServesAsync(NetTcpSecurity.Transport);
    }

    [Fact]
    public async Task Preamble_GarbageInsteadOfARecord_GetsFaultRecord()
    {
        await using var session = await RawNetTcpSession.ConnectAsync(Endpoints.Tcp[WcfModule.NetTcpDefault], "GET / HTTP/1.1\r\n\r\n"u8.ToArray());

        Assert.Equal(NetTcpRecord.InvalidRecordFault, await session.ReadFaultAsync());
        await AssertListenerServesAsync(NetTcpSecurity.Transport);
    }

    private Uri Address(string protocol) => WcfChannelClient.Address(Endpoints.Tcp[protocol]);

    private static async Task AssertSessionServesAsync(RawNetTcpSession session)
    {
        var items = PayloadGenerator.Small(4);
        var reply = (List<SmallItem>?)await session.CallAsync(session.Request(WcfContract.EchoSmall, items), WcfContract.EchoSmall);
        Assert.Null(PayloadComparer.FirstDifference(items, reply, PayloadComparer.Small));
    }

    private async Task AssertListenerServesAsync(NetTcpSecurity security)
    {
        await using var client = WcfChannelClient.NetTcp(Endpoints, security, Bounded.Limit);
        var items = PayloadGenerator.Large(2);
        Assert.Null(PayloadComparer.FirstDifference(items, await client.EchoLargeAsync(items, TestContext.Current.CancellationToken).Within(), PayloadComparer.Large));
    }
}
