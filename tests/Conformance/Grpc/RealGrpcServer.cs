using System.Collections.Concurrent;
using System.Net;
using Grpc.Core;
using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Server.Kestrel.Core;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using PerfAssert.Conformance.MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using Protos = PerfAssert.Targets.Protos;

namespace PerfAssert.Conformance.Grpc;

/// <summary>
/// A real grpc-dotnet server (Grpc.AspNetCore.Server with the service base classes Grpc.Tools generates from the project's
/// .proto files) on Kestrel at 127.0.0.1, an OS-chosen port, HTTP/2 only (h2c). Echo answers with what it got, Todos
/// serves <c>EdgeItems.Todos()</c> and records what it is sent, DataStream builds <c>PayloadGenerator.Composite</c>.
/// </summary>
public sealed class RealGrpcServer : IAsyncLifetime
{
    private static readonly TimeSpan StartStopTimeout = TimeSpan.FromSeconds(30);
    private WebApplication? _app;

    /// <summary>The server's h2c address, <c>http://127.0.0.1:PORT/</c>.</summary>
    public Uri Address { get; private set; } = new("http://127.0.0.1:9/");

    /// <summary>Every todo the Todos service was sent (Send, SendOne, SendStreaming), in arrival order.</summary>
    public ConcurrentQueue<Todo> ReceivedTodos { get; } = new();

    public async ValueTask InitializeAsync()
    {
        var builder = WebApplication.CreateSlimBuilder();
        builder.Logging.ClearProviders();
        builder.Services.AddGrpc();
        builder.Services.AddSingleton(this);
        ListenOptions? listener = null;
        builder.WebHost.UseKestrel(kestrel => kestrel.Listen(IPAddress.Loopback, 0, options =>
        {
            options.Protocols = HttpProtocols.Http2;
            listener = options;
        }));
        _app = builder.Build();
        _app.MapGrpcService<EchoService>();
        _app.MapGrpcService<TodosService>();
        _app.MapGrpcService<DataStreamService>();
        await _app.StartAsync(TestContext.Current.CancellationToken).WaitAsync(StartStopTimeout, TestContext.Current.CancellationToken);
        var port = listener?.IPEndPoint?.Port ?? throw new InvalidOperationException("Kestrel did not report the port it bound.");
        Address = new Uri($"http://127.0.0.1:{port}/");
    }

    public async ValueTask DisposeAsync()
    {
        if (_app is not null)
        {
            using var timeout = new CancellationTokenSource(StartStopTimeout);
            await _app.StopAsync(timeout.Token);
            await _app.DisposeAsync();
        }
    }

    private sealed class EchoService : Echo.EchoBase
    {
        public override Task<SmallList> EchoSmall(SmallList request, ServerCallContext context) => Task.FromResult(request);

        public override Task<LargeList> EchoLarge(LargeList request, ServerCallContext context) => Task.FromResult(request);

        public override Task EchoSmallServerStream(SmallList request, IServerStreamWriter<Small> responseStream, ServerCallContext context) =>
            WriteAllAsync(request.Items, responseStream);

        public override Task EchoLargeServerStream(LargeList request, IServerStreamWriter<Large> responseStream, ServerCallContext context) =>
            WriteAllAsync(request.Items, responseStream);

        public override async Task<SmallList> EchoSmallClientStream(IAsyncStreamReader<Small> requestStream, ServerCallContext context) =>
            new() { Items = { await ReadAllAsync(requestStream, context) } };

        public override async Task<LargeList> EchoLargeClientStream(IAsyncStreamReader<Large> requestStream, ServerCallContext context) =>
            new() { Items = { await ReadAllAsync(requestStream, context) } };
    }

    private sealed class TodosService(RealGrpcServer server) : Protos.Todos.TodosBase
    {
        public override Task<TodoList> Get(Google.Protobuf.WellKnownTypes.Empty request, ServerCallContext context) => Task.FromResult(ProtoMapping.ToProto(EdgeItems.Todos()));

        public override Task<Todo> First(Google.Protobuf.WellKnownTypes.Empty request, ServerCallContext context) => Task.FromResult(ProtoMapping.ToProto(EdgeItems.Todos()[0]));

        public override Task<SendReply> Send(TodoList request, ServerCallContext context)
        {
            Receive(request.Items);
            return Task.FromResult(new SendReply { Count = request.Items.Count });
        }

        public override Task<SendOneReply> SendOne(Todo request, ServerCallContext context)
        {
            Receive([request]);
            return Task.FromResult(new SendOneReply { Id = request.Id });
        }

        public override Task GetStreaming(Google.Protobuf.WellKnownTypes.Empty request, IServerStreamWriter<Todo> responseStream, ServerCallContext context) =>
            WriteAllAsync(EdgeItems.Todos().Select(ProtoMapping.ToProto), responseStream);

        public override async Task<SendReply> SendStreaming(IAsyncStreamReader<Todo> requestStream, ServerCallContext context)
        {
            var items = await ReadAllAsync(requestStream, context);
            Receive(items);
            return new SendReply { Count = items.Count };
        }

        private void Receive(IEnumerable<Todo> items)
        {
            foreach (var item in items)
            {
                server.ReceivedTodos.Enqueue(item);
            }
        }
    }

    private sealed class DataStreamService : DataStream.DataStreamBase
    {
        public override Task<CompositeList> GetDataStream(Protos.DataRequest request, ServerCallContext context) => Task.FromResult(ProtoMapping.ToProto(Items(request)));

        public override Task GetDataStreamStreaming(Protos.DataRequest request, IServerStreamWriter<Composite> responseStream, ServerCallContext context) =>
            WriteAllAsync(Items(request).Select(ProtoMapping.ToProto), responseStream);

        private static List<CompositeType> Items(Protos.DataRequest request)
        {
            var count = (long)request.Max - request.Min + 1;
            if (count is < 0 or > 1000)
            {
                throw new RpcException(new Status(StatusCode.InvalidArgument, $"GetDataStream({request.Min}, {request.Max}) asks for {count} items."));
            }

            return count == 0 ? [] : PayloadGenerator.Composite(request.Min, request.Max);
        }
    }

    private static async Task WriteAllAsync<T>(IEnumerable<T> items, IServerStreamWriter<T> stream)
    {
        foreach (var item in items)
        {
            await stream.WriteAsync(item);
        }
    }

    private static async Task<List<T>> ReadAllAsync<T>(IAsyncStreamReader<T> stream, ServerCallContext context)
    {
        var items = new List<T>();
        await foreach (var item in stream.ReadAllAsync(context.CancellationToken))
        {
            items.Add(item);
        }

        return items;
    }
}
