using Google.Protobuf;
using ServiceDescriptor = Google.Protobuf.Reflection.ServiceDescriptor;

namespace PerfAssert.Targets.Services.Grpc.Core;

/// <summary>
/// One method of a .proto service: its HTTP/2 path <c>/{package}.{Service}/{Method}</c>, its streaming shape and
/// its message parsers. Built from the generated service descriptor, so code and .proto cannot drift apart.
/// </summary>
public sealed class GrpcMethod<TRequest, TResponse>
    where TRequest : class, IMessage<TRequest>, new()
    where TResponse : class, IMessage<TResponse>, new()
{
    private GrpcMethod(string serviceName, string name, GrpcMethodType type)
    {
        ServiceName = serviceName;
        Name = name;
        Type = type;
        Path = $"/{serviceName}/{name}";
    }

    /// <summary>The service's full name, for example <c>perfassert.targets.Echo</c>.</summary>
    public string ServiceName { get; }

    public string Name { get; }

    public GrpcMethodType Type { get; }

    /// <summary>The request path, for example <c>/perfassert.targets.Echo/EchoSmall</c>.</summary>
    public string Path { get; }

    public MessageParser<TRequest> RequestParser { get; } = new(() => new TRequest());

    public MessageParser<TResponse> ResponseParser { get; } = new(() => new TResponse());

    /// <summary>Looks the method up in <paramref name="service"/> and checks its message types.</summary>
    /// <exception cref="ArgumentException">The service has no such method, or its messages are not the type arguments.</exception>
    public static GrpcMethod<TRequest, TResponse> From(ServiceDescriptor service, string name)
    {
        ArgumentNullException.ThrowIfNull(service);
        var method = service.FindMethodByName(name)
            ?? throw new ArgumentException($"The service {service.FullName} has no method {name}.", nameof(name));
        if (method.InputType.ClrType != typeof(TRequest) || method.OutputType.ClrType != typeof(TResponse))
        {
            throw new ArgumentException(
                $"{service.FullName}.{name} takes {method.InputType.ClrType.Name} and returns {method.OutputType.ClrType.Name}, not {typeof(TRequest).Name} and {typeof(TResponse).Name}.",
                nameof(name));
        }

        var type = (method.IsClientStreaming, method.IsServerStreaming) switch
        {
            (false, false) => GrpcMethodType.Unary,
            (false, true) => GrpcMethodType.ServerStreaming,
            (true, false) => GrpcMethodType.ClientStreaming,
            (true, true) => GrpcMethodType.DuplexStreaming,
        };
        return new GrpcMethod<TRequest, TResponse>(service.FullName, name, type);
    }
}
