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

        var output = await PeerProcess.RunPythonClientAsync("soap_peer.py", "python3-zeep", TimeSpan.FromSeconds(120), targets.Endpoints.Http.ToString());

        Assert.Contains("operations in the WSDL: EchoLarge, EchoSmall, FirstTodo, GetDataStream, GetTodos, SendTodo, SendTodos", output, StringComparison.Ordinal);
    }
}
