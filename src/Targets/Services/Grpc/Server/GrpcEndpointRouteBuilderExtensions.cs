using Google.Protobuf;
using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Targets.Services.Grpc.Server;

/// <summary>Maps gRPC methods onto ASP.NET Core routes, one POST route per method path.</summary>
public static class GrpcEndpointRouteBuilderExtensions
{
    public static IEndpointConventionBuilder MapGrpcUnary<TRequest, TResponse>(
        this IEndpointRouteBuilder endpoints,
        GrpcMethod<TRequest, TResponse> method,
        GrpcServerOptions options,
        Func<TRequest, CancellationToken, TResponse> handler)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(handler);
        return Map(endpoints, method, GrpcMethodType.Unary, options, async call =>
        {
            var request = await call.ReadSingleAsync(method.RequestParser).ConfigureAwait(false);
            await call.WriteAsync(handler(request, call.CancellationToken)).ConfigureAwait(false);
        });
    }

    public static IEndpointConventionBuilder MapGrpcServerStreaming<TRequest, TResponse>(
        this IEndpointRouteBuilder endpoints,
        GrpcMethod<TRequest, TResponse> method,
        GrpcServerOptions options,
        Func<TRequest, CancellationToken, IEnumerable<TResponse>> handler)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(handler);
        return Map(endpoints, method, GrpcMethodType.ServerStreaming, options, async call =>
        {
            var request = await call.ReadSingleAsync(method.RequestParser).ConfigureAwait(false);
            foreach (var response in handler(request, call.CancellationToken))
            {
                await call.WriteAsync(response).ConfigureAwait(false);
            }
        });
    }

    public static IEndpointConventionBuilder MapGrpcClientStreaming<TRequest, TResponse>(
        this IEndpointRouteBuilder endpoints,
        GrpcMethod<TRequest, TResponse> method,
        GrpcServerOptions options,
        Func<IAsyncEnumerable<TRequest>, CancellationToken, Task<TResponse>> handler)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(handler);
        return Map(endpoints, method, GrpcMethodType.ClientStreaming, options, async call =>
        {
            var response = await handler(call.ReadAllAsync(method.RequestParser), call.CancellationToken).ConfigureAwait(false);
            await call.WriteAsync(response).ConfigureAwait(false);
        });
    }

    /// <summary>
    /// Answers gRPC calls to any other <c>/{service}/{method}</c> with UNIMPLEMENTED, as grpc does. Requests that are
    /// not gRPC get a plain 404, so other modules' unknown routes look the same as without this fallback.
    /// </summary>
    public static IEndpointConventionBuilder MapGrpcUnimplemented(this IEndpointRouteBuilder endpoints, GrpcServerOptions options)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentNullException.ThrowIfNull(options);
        return endpoints.Map("/{service}/{method}", context =>
        {
            if (!HttpMethods.IsPost(context.Request.Method) || !GrpcServerDispatcher.IsGrpcContentType(context.Request.ContentType))
            {
                context.Response.StatusCode = StatusCodes.Status404NotFound;
                return Task.CompletedTask;
            }

            return GrpcServerDispatcher.HandleAsync(context, options, _ =>
                throw new GrpcException(GrpcStatusCode.Unimplemented, $"Method {context.Request.Path} is not implemented."));
        }).WithDisplayName("gRPC unimplemented method");
    }

    private static IEndpointConventionBuilder Map<TRequest, TResponse>(
        IEndpointRouteBuilder endpoints,
        GrpcMethod<TRequest, TResponse> method,
        GrpcMethodType expected,
        GrpcServerOptions options,
        Func<GrpcServerCall, Task> run)
        where TRequest : class, IMessage<TRequest>, new()
        where TResponse : class, IMessage<TResponse>, new()
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        ArgumentNullException.ThrowIfNull(method);
        ArgumentNullException.ThrowIfNull(options);
        if (method.Type != expected)
        {
            throw new ArgumentException($"{method.Path} is a {method.Type} method in its .proto, not {expected}.", nameof(method));
        }

        return endpoints.MapPost(method.Path, context => GrpcServerDispatcher.HandleAsync(context, options, run)).WithDisplayName("gRPC " + method.Path);
    }
}
