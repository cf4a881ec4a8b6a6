using PerfAssert.Conformance.Support;
using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Conformance.Soap;

/// <summary>
/// The BasicHttp stand-in against a SOAP client that is not ours and knows nothing of our contract but the WSDL the
/// endpoint serves: Debian's python3-zeep builds every call from <c>GET /wcf/basic?wsdl</c> and checks the answers, on
/// the values and on the wire ("" as an empty element, null as xsi:nil, which zeep itself reads alike).
/// </summary>
public sealed class SoapPeerTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>
{
    [Fact]
    public async Task ZeepClient_BuiltFromTheServedWsdl_CallsEveryOperationExactly()
    {
        await PeerProcess.RequirePythonModuleAsync("zeep", "python3-zeep");

        await using var peer = PeerProcess.Start(PeerProcess.Python, [PeerProcess.Program("soap_peer.py"), "client", targets.Endpoints.Http.ToString()]);
        var exit = await peer.WaitForExitAsync(TimeSpan.FromSeconds(120));

        TestContext.Current.TestOutputHelper?.WriteLine(peer.Output);
        Assert.True(exit == 0, $"python3-zeep's checks failed (exit {exit}):{Environment.NewLine}{peer.Output}");
        Assert.Contains("operations in the WSDL: EchoLarge, EchoSmall, FirstTodo, GetDataStream, GetTodos, SendTodo, SendTodos", peer.Output, StringComparison.Ordinal);
        Assert.Contains(": 0 failures", peer.Output, StringComparison.Ordinal);
    }
}
