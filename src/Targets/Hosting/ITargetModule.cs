using Microsoft.AspNetCore.Connections;

namespace PerfAssert.Targets.Hosting;

/// <summary>
/// One family of targets (REST formats, SOAP stand-ins, gRPC, floor, ...). The host asks every module in
/// <see cref="TargetModules.All"/> for its services, its HTTP endpoints and its raw TCP protocols.
/// </summary>
public interface ITargetModule
{
    /// <summary>A short name for logs and the standalone host's endpoint list.</summary>
    string Name { get; }

    /// <summary>Registers the module's services (formatters, controllers, handlers).</summary>
    void ConfigureServices(IServiceCollection services);

    /// <summary>Maps the module's HTTP endpoints (HTTP/1.1, and HTTP/2 for gRPC routes).</summary>
    void MapEndpoints(IEndpointRouteBuilder endpoints);

    /// <summary>Raw TCP protocols by name; the host gives each its own 127.0.0.1 listener with port 0.</summary>
    IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; }

    /// <summary>Lines the standalone host prints to describe this module's endpoints.</summary>
    IEnumerable<string> Describe(TargetEndpoints endpoints);
}
