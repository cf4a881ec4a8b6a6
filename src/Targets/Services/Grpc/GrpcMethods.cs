using Google.Protobuf.WellKnownTypes;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc.Core;
using ServiceDescriptor = Google.Protobuf.Reflection.ServiceDescriptor;

namespace PerfAssert.Targets.Services.Grpc;

/// <summary>Every method of echo.proto, data_stream.proto and todos.proto, shared by the server and the clients.</summary>
public static class GrpcMethods
{
    private static readonly ServiceDescriptor EchoService = EchoReflection.Descriptor.FindTypeByName<ServiceDescriptor>("Echo");
    private static readonly ServiceDescriptor DataStreamService = DataStreamReflection.Descriptor.FindTypeByName<ServiceDescriptor>("DataStream");
    private static readonly ServiceDescriptor TodosService = TodosReflection.Descriptor.FindTypeByName<ServiceDescriptor>("Todos");

    public static GrpcMethod<SmallList, SmallList> EchoSmall { get; } = GrpcMethod<SmallList, SmallList>.From(EchoService, "EchoSmall");

    public static GrpcMethod<LargeList, LargeList> EchoLarge { get; } = GrpcMethod<LargeList, LargeList>.From(EchoService, "EchoLarge");

    public static GrpcMethod<SmallList, Small> EchoSmallServerStream { get; } = GrpcMethod<SmallList, Small>.From(EchoService, "EchoSmallServerStream");

    public static GrpcMethod<LargeList, Large> EchoLargeServerStream { get; } = GrpcMethod<LargeList, Large>.From(EchoService, "EchoLargeServerStream");

    public static GrpcMethod<Small, SmallList> EchoSmallClientStream { get; } = GrpcMethod<Small, SmallList>.From(EchoService, "EchoSmallClientStream");

    public static GrpcMethod<Large, LargeList> EchoLargeClientStream { get; } = GrpcMethod<Large, LargeList>.From(EchoService, "EchoLargeClientStream");

    public static GrpcMethod<DataRequest, CompositeList> GetDataStream { get; } = GrpcMethod<DataRequest, CompositeList>.From(DataStreamService, "GetDataStream");

    public static GrpcMethod<DataRequest, Composite> GetDataStreamStreaming { get; } = GrpcMethod<DataRequest, Composite>.From(DataStreamService, "GetDataStreamStreaming");

    public static GrpcMethod<Empty, TodoList> TodosGet { get; } = GrpcMethod<Empty, TodoList>.From(TodosService, "Get");

    public static GrpcMethod<Empty, Todo> TodosFirst { get; } = GrpcMethod<Empty, Todo>.From(TodosService, "First");

    public static GrpcMethod<TodoList, SendReply> TodosSend { get; } = GrpcMethod<TodoList, SendReply>.From(TodosService, "Send");

    public static GrpcMethod<Todo, SendOneReply> TodosSendOne { get; } = GrpcMethod<Todo, SendOneReply>.From(TodosService, "SendOne");

    public static GrpcMethod<Empty, Todo> TodosGetStreaming { get; } = GrpcMethod<Empty, Todo>.From(TodosService, "GetStreaming");

    public static GrpcMethod<Todo, SendReply> TodosSendStreaming { get; } = GrpcMethod<Todo, SendReply>.From(TodosService, "SendStreaming");
}
