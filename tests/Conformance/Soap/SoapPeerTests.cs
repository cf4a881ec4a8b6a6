using PerfAssert.Conformance.Support;
using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Conformance.Soap;

/// <summary>
/// The BasicHttp stand-in against a SOAP client that is not ours and knows nothing of our contract but the WSDL the
/// endpoint serves: Debian's python3-zeep builds every call from it and checks the answers, on the values and on the
/// wire ("" as an empty element, null as xsi:nil, which zeep itself reads alike). Both forms WCF serves: <c>?wsdl</c>,
/// whose documents import one another (zeep must follow them), and <c>?singleWsdl</c>.
/// </summary>
public sealed class SoapPeerTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>
{
    [Theory]
    [InlineData("?wsdl", "WSDL documents read: ?wsdl, ?wsdl=wsdl0; schema documents read: ?xsd=xsd0, ?xsd=xsd1, ?xsd=xsd2")]
    [InlineData("?singleWsdl", "WSDL documents read: ?singleWsdl; schema documents read: none (inline)")]
    public async Task ZeepClient_BuiltFromTheServedWsdl_CallsEveryOperationExactly(string metadata, string documentsRead)
    {
        await PeerProcess.RequirePythonModuleAsync("zeep", "python3-zeep");

        var output = await PeerProcess.RunPythonClientAsync("soap_peer.py", "python3-zeep", TimeSpan.FromSeconds(120), targets.Endpoints.Http.ToString(), metadata);

        Assert.Contains("operations in the WSDL: EchoLarge, EchoSmall, FirstTodo, GetDataStream, GetTodos, SendTodo, SendTodos", output, StringComparison.Ordinal);
        Assert.Contains(documentsRead, output, StringComparison.Ordinal);
    }
}
