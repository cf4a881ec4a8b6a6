using System.Net;
using System.Text;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Clients.MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Functional.MessagePack;
using PerfAssert.Targets.Services.MessagePackApi;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.BadInput;

/// <summary>
/// The bad requests the per-target suites (AspNetCore/, Wcf/, Grpc/, MessagePack/) do not send yet: MessagePack on
/// the real controllers route, empty and non-SOAP bodies on the SOAP endpoint, empty and non-XML WebHttp bodies.
/// </summary>
internal static class BadRequests
{
    private const string Msgpack = MessagePackMediaType.Value;
    private const string SoapContentType = BasicHttpEndpoint.ContentType;
    private const string EchoSmallAction = "\"" + WcfContract.ActionPrefix + WcfContract.EchoSmall + "\"";

    public static IReadOnlyDictionary<string, BadRequest> All { get; } = new Dictionary<string, BadRequest>(StringComparer.Ordinal)
    {
        ["MessagePack.Controllers/malformed"] = new("api/echo/large", Msgpack, [0xc1], HttpStatusCode.BadRequest, MessagePackStacks.ControllersId),
        ["MessagePack.Controllers/empty"] = new("api/echo/large", Msgpack, [], HttpStatusCode.BadRequest, MessagePackStacks.ControllersId),
        ["MessagePack.Controllers/truncated"] = new("api/echo/large", Msgpack, Half(MessagePackBodies.Of(PayloadGenerator.Large(3))), HttpStatusCode.BadRequest, MessagePackStacks.ControllersId),
        // MessagePack-CSharp reads both without complaint (the first value only; the missing member as its default).
        ["MessagePack.Controllers/trailing-bytes"] = new("api/echo/large", Msgpack, MessagePackBodies.TrailingNil(), HttpStatusCode.BadRequest, MessagePackStacks.ControllersId),
        ["MessagePack.Controllers/array-one-short"] = new("api/echo/large", Msgpack, MessagePackBodies.LargeItemOneElementShort(), HttpStatusCode.BadRequest, MessagePackStacks.ControllersId),
        ["MessagePack.Controllers/wrong-content-type"] = new("api/echo/large", "text/plain", MessagePackBodies.Of(PayloadGenerator.Large(1)), HttpStatusCode.UnsupportedMediaType, MessagePackStacks.ControllersId),
        // The formatter's own 8 MiB limit answers before the controller's 16 MiB request limit; MVC reports it as model state.
        ["MessagePack.Controllers/oversize"] = new("api/echo/large", Msgpack, new byte[MessagePackHttp.MaxBodyBytes + 1], HttpStatusCode.BadRequest, MessagePackStacks.ControllersId),
        ["MessagePack.Controllers/unknown-operation"] = new("api/echo/medium", Msgpack, MessagePackBodies.Of(PayloadGenerator.Small(1)), HttpStatusCode.NotFound, MessagePackStacks.ControllersId),
        ["Wcf.BasicHttp/empty"] = new("wcf/basic", SoapContentType, [], HttpStatusCode.BadRequest, "Wcf.BasicHttp/Text", EchoSmallAction),
        // Not an envelope of the binding's SOAP version: WCF's encoder refuses it before dispatch, and CoreWCF answers 400.
        ["Wcf.BasicHttp/no-body-element"] = new("wcf/basic", SoapContentType, Utf8($"<s:Envelope xmlns:s=\"{WcfDictionary.Soap11Namespace}\"/>"), HttpStatusCode.BadRequest, "Wcf.BasicHttp/Text", EchoSmallAction),
        ["Wcf.BasicHttp/not-an-envelope"] = new("wcf/basic", SoapContentType, Utf8($"<EchoSmall xmlns=\"{WcfContract.Namespace}\"/>"), HttpStatusCode.BadRequest, "Wcf.BasicHttp/Text", EchoSmallAction),
        ["Wcf.BasicHttp/soap12-envelope"] = new("wcf/basic", SoapContentType, Utf8($"<s:Envelope xmlns:s=\"{WcfDictionary.Soap12Namespace}\"><s:Body/></s:Envelope>"), HttpStatusCode.BadRequest, "Wcf.BasicHttp/Text", EchoSmallAction),
        ["Wcf.BasicHttp/no-soap-action"] = new("wcf/basic", SoapContentType, Utf8($"<s:Envelope xmlns:s=\"{WcfDictionary.Soap11Namespace}\"><s:Body><Unknown xmlns=\"urn:x\"/></s:Body></s:Envelope>"), HttpStatusCode.InternalServerError, "Wcf.BasicHttp/Text"),
        ["Wcf.WebHttp.Xml/empty"] = new("wcf/web/xml/EchoSmall", "application/xml", [], HttpStatusCode.BadRequest, "Wcf.WebHttp/Xml"),
        ["Wcf.WebHttp.Xml/not-xml"] = new("wcf/web/xml/EchoLarge", "application/xml", Utf8("this is not XML"), HttpStatusCode.BadRequest, "Wcf.WebHttp/Xml"),
        ["Wcf.WebHttp.Json/not-json"] = new("wcf/web/json/EchoLarge", "application/json", Utf8("<xml/>"), HttpStatusCode.BadRequest, "Wcf.WebHttp/Json"),
        ["Wcf.WebHttp.Json/oversize-item-count"] = new("wcf/web/json/GetDataStream", "application/json", Utf8("{\"Min\":-2147483648,\"Max\":2147483647}"), HttpStatusCode.BadRequest, "Wcf.WebHttp/Json"),
        ["AspNetCore.Minimal/STJ/wrong-shape"] = new("minimal/stj/large", "application/json", Utf8("{\"orderId\":1}"), HttpStatusCode.BadRequest, HttpEchoClients.MinimalStjId),
        // Invalid UTF-8 inside a JSON string, and JSON nested deeper than the 32 levels the formatter allows: 400, not 500.
        ["AspNetCore.Controllers/Newtonsoft/invalid-utf8"] = new("api/echo/small", "application/json", InvalidUtf8InAString, HttpStatusCode.BadRequest, HttpEchoClients.ControllersNewtonsoftId),
        ["AspNetCore.Controllers/Newtonsoft/nested-33"] = new("api/echo/small", "application/json", Nested(33), HttpStatusCode.BadRequest, HttpEchoClients.ControllersNewtonsoftId),
        ["AspNetCore.Controllers/Newtonsoft/nested-1000"] = new("api/echo/small", "application/json", Nested(1000), HttpStatusCode.BadRequest, HttpEchoClients.ControllersNewtonsoftId),
        ["Todos.Controllers/invalid-utf8"] = new("api/todos/one", "application/json", [.. Utf8("{\"title\":\""), 0xff, 0xfe, 0xc3, 0x28, .. Utf8("\"}")], HttpStatusCode.BadRequest, HttpEchoClients.ControllersNewtonsoftId),
        // Found by the fuzz pass: a body that ends inside a namespace prefix made .NET's XML reader throw ArgumentException (500).
        ["AspNetCore.Controllers/XML/ends-in-xmlns-prefix"] = new("api/echo/large", "application/xml", Utf8("<ArrayOfLargeItem xmlns=\"urn:perfassert:targets:2026\" xmlns:"), HttpStatusCode.BadRequest, HttpEchoClients.ControllersXmlId),
        ["AspNetCore.Minimal/XML/ends-in-xmlns-prefix"] = new("minimal/xml/large", "application/xml", Utf8("<ArrayOfLargeItem xmlns=\"urn:perfassert:targets:2026\" xmlns:"), HttpStatusCode.BadRequest, HttpEchoClients.MinimalXmlId),
        // Found by the fuzz pass at 5,000 requests: MVC's DataContract formatter let the reader's XmlException for a body of
        // under four bytes escape as a 500.
        ["AspNetCore.Controllers/XML/one-byte"] = new("api/echo/large", "application/xml", Utf8("<"), HttpStatusCode.BadRequest, HttpEchoClients.ControllersXmlId),
        ["AspNetCore.Controllers/XML/three-bytes"] = new("api/echo/large", "application/xml", Utf8("<A>"), HttpStatusCode.BadRequest, HttpEchoClients.ControllersXmlId),
        ["AspNetCore.Controllers/XML/wrong-root"] = new("api/echo/large", "application/xml", Utf8("<Wrong xmlns=\"urn:x\"/>"), HttpStatusCode.BadRequest, HttpEchoClients.ControllersXmlId),
    };

    public static TheoryData<string> Ids => [.. All.Keys];

    private static byte[] Utf8(string text) => Encoding.UTF8.GetBytes(text);

    private static byte[] InvalidUtf8InAString => [.. Utf8("[{\"id\":1,\"name\":\""), 0xff, 0xfe, 0xc3, 0x28, .. Utf8("\"}]")];

    private static byte[] Nested(int depth) => Utf8(new string('[', depth) + new string(']', depth));

    private static byte[] Half(byte[] bytes) => bytes[..(bytes.Length / 2)];
}
