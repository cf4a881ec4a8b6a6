using Microsoft.AspNetCore.Connections;
using Microsoft.Extensions.DependencyInjection.Extensions;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Todos;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>
/// The gRPC targets: the Echo, DataStream and Todos services of Protos/*.proto on grpc-dotnet (Grpc.AspNetCore.Server),
/// served on the HTTP/2-only (h2c) listener, and in memory through TestServer's handler.
/// </summary>
public sealed class GrpcModule : ITargetModule
{
    public string Name => "gRPC (grpc-dotnet, protobuf over h2c)";

    public IReadOnlyDictionary<string, Action<IConnectionBuilder>> TcpProtocols { get; } = new Dictionary<string, Action<IConnectionBuilder>>();

    public void ConfigureServices(IServiceCollection services)
    {
        services.AddGrpc(options =>
        {
            // The reason of a failed call goes back to the caller (a malformed message says what protobuf could not
            // read): these are test targets on loopback, and a bare "Exception was thrown by handler." explains nothing.
            options.EnableDetailedErrors = true;
            options.Interceptors.Add<ImpossibleValueInterceptor>();
        });

        // TryAdd: REST and the SOAP stand-in register the same store, and the first registration wins, so every stack in
        // one host serves one collection and counts into one counter.
        services.TryAddSingleton<TodoStore>();
    }

    public void MapEndpoints(IEndpointRouteBuilder endpoints)
    {
        endpoints.MapGrpcService<EchoGrpcService>();
        endpoints.MapGrpcService<DataStreamGrpcService>();
        endpoints.MapGrpcService<TodosGrpcService>();
    }

    public IEnumerable<string> Describe(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var address = endpoints.Http2?.ToString().TrimEnd('/') ?? "(in memory: TestServer's handler)";
        yield return $"gRPC {address}/perfassert.targets.Echo/EchoSmall|EchoLarge|Echo{{Small|Large}}{{Server|Client}}Stream";
        yield return $"gRPC {address}/perfassert.targets.DataStream/GetDataStream|GetDataStreamStreaming";
        yield return $"gRPC {address}/perfassert.targets.Todos/Get|First|Send|SendOne|GetStreaming|SendStreaming";
        yield return "  (grpc-dotnet, application/grpc, protobuf; contracts in src/Targets/Protos/*.proto)";
    }
}
