using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Clients.MessagePack;

namespace PerfAssert.Targets.Reference;

/// <summary>
/// Names in the reference's shape, <c>{Small|Large}{Stack}{Format}</c>: ASP.NET Core controllers play classic Web API
/// (<c>WebApi*</c>), minimal APIs are <c>AspNetCore*</c>, System.Text.Json stands where Utf8Json stood.
/// </summary>
public static class ReferenceNames
{
    private static readonly Dictionary<string, string> Stacks = new(StringComparer.Ordinal)
    {
        [HttpEchoClients.ControllersNewtonsoftId] = "WebApiJsonNet",
        [HttpEchoClients.ControllersXmlId] = "WebApiXml",
        [MessagePackStacks.ControllersId] = "WebApiMessagePack",
        [HttpEchoClients.MinimalStjId] = "AspNetCoreStj",
        [HttpEchoClients.MinimalNewtonsoftId] = "AspNetCoreJsonNet",
        [HttpEchoClients.MinimalXmlId] = "AspNetCoreXml",
        [MessagePackStacks.MinimalId] = "AspNetCoreMessagePack",
        ["Wcf.BasicHttp/Text"] = "WcfText",
        ["Wcf.WebHttp/Xml"] = "WcfWebXml",
        ["Wcf.WebHttp/Json"] = "WcfWebJson",
        ["Wcf.NetTcp/Tuned"] = "WcfNetTcpTuned",
        ["Wcf.NetTcp/Default"] = "WcfNetTcpDefault",
        [GrpcStacks.UnaryId] = "GrpcUnary",
        [GrpcStacks.ServerStreamingId] = "GrpcServerStreaming",
        [GrpcStacks.ClientStreamingId] = "GrpcClientStreaming",
    };

    /// <summary>The reference-style stack name of a catalog stack, for example <c>WcfText</c>.</summary>
    public static string For(EchoStack stack)
    {
        ArgumentNullException.ThrowIfNull(stack);
        return Stacks.TryGetValue(stack.Id, out var name) ? name : throw new KeyNotFoundException($"No reference name for stack '{stack.Id}'; add one to {nameof(ReferenceNames)}.");
    }
}
