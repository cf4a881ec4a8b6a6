using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Clients.MessagePack;
using PerfAssert.Targets.Clients.Wcf;

namespace PerfAssert.Targets.Clients;

/// <summary>Every echo stack the targets offer, so tests and benchmarks can loop over them with the same code.</summary>
public static class TargetCatalog
{
    /// <summary>The ASP.NET Core REST stacks (controllers in the Web API role, minimal APIs).</summary>
    public static IReadOnlyList<EchoStack> RestStacks { get; } =
    [
        new(HttpEchoClients.ControllersNewtonsoftId, SupportsInMemory: true, HttpEchoClients.ControllersNewtonsoft),
        new(HttpEchoClients.ControllersXmlId, SupportsInMemory: true, HttpEchoClients.ControllersXml),
        new(HttpEchoClients.MinimalStjId, SupportsInMemory: true, HttpEchoClients.MinimalStj),
        new(HttpEchoClients.MinimalNewtonsoftId, SupportsInMemory: true, HttpEchoClients.MinimalNewtonsoft),
        new(HttpEchoClients.MinimalXmlId, SupportsInMemory: true, HttpEchoClients.MinimalXml),
    ];

    /// <summary>Every echo stack, in a stable order: REST, MessagePack, the WCF stand-ins, then gRPC.</summary>
    public static IReadOnlyList<EchoStack> EchoStacks { get; } = [.. RestStacks, .. MessagePackStacks.All, .. WcfStacks.Echo, .. GrpcStacks.All];

    /// <summary>Finds a stack by id.</summary>
    public static EchoStack Get(string id) =>
        EchoStacks.FirstOrDefault(s => s.Id == id) ?? throw new KeyNotFoundException($"No echo stack '{id}'. Known: {string.Join(", ", EchoStacks.Select(s => s.Id))}.");
}
