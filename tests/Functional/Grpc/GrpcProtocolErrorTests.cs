using System.Net;
using Grpc.Core;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;

namespace PerfAssert.Functional.Grpc;

/// <summary>
/// What the gRPC targets answer to bad calls. The protocol answers are grpc-dotnet's own (Grpc.AspNetCore.Server 2.85.0);
/// these tests pin them so a change of version that changes them shows, and check that every bad call gets a status
/// with a reason and the next good call works.
/// </summary>
public sealed class GrpcProtocolErrorTests(GrpcHostFixture fixture) : IClassFixture<GrpcHostFixture>
{
    // grpc-dotnet's default MaxReceiveMessageSize.
    private const int MaxMessageSize = 4 * 1024 * 1024;

    [Fact]
    public async Task ValidCall_Ok_SendsGrpcStatusAsATrailerNotAHeader()
    {
        using var raw = new RawGrpcClient(fixture.Http2);

        var response = await raw.PostAsync("/perfassert.targets.DataStream/GetDataStream", GrpcFrame.Of(new Targets.Protos.DataRequest { Min = 0, Max = 42 }));

        Assert.Equal(HttpStatusCode.OK, response.HttpStatus);
        Assert.Equal("0", response.StatusInTrailers);
        Assert.Null(response.StatusInHeaders);
        Assert.Equal(43, CompositeList.Parser.ParseFrom(response.Body.AsSpan(GrpcFrame.HeaderSize)).Items.Count);
    }

    [Theory]
    [InlineData("/perfassert.targets.Echo/NoSuchMethod")]
    [InlineData("/perfassert.targets.NoSuchService/EchoSmall")]
    public async Task UnknownMethod_AnyService_AnswersUnimplementedTrailersOnly(string path)
    {
        using var raw = new RawGrpcClient(fixture.Http2);

        var response = await raw.PostAsync(path, GrpcFrame.Of(new SmallList()));

        Assert.Equal(HttpStatusCode.OK, response.HttpStatus);
        Assert.Equal("12", response.StatusInHeaders);
        Assert.Empty(response.Body);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task ClientDeadline_AlreadyPassed_FailsWithDeadlineExceeded()
    {
        await using var client = new GrpcTodoClient(fixture.Http2, new GrpcClientOptions { Deadline = TimeSpan.FromTicks(1) });

        var error = await Assert.ThrowsAsync<RpcException>(() => client.GetAsync(TestContext.Current.CancellationToken));

        Assert.Equal(StatusCode.DeadlineExceeded, error.StatusCode);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task MalformedProtobuf_FailsWithUnknownAsGrpcDotnetDoes_AndTheNextCallWorks()
    {
        using var raw = new RawGrpcClient(fixture.Http2);

        var response = await raw.PostAsync("/perfassert.targets.Echo/EchoLarge", [0, 0, 0, 0, 4, 0x0A, 0xFF, 0xFF, 0xFF]);

        // grpc-dotnet's server: the deserializer's exception goes to its handler-error path, UNKNOWN (2).
        Assert.Equal("2", response.GrpcStatus);
        Assert.StartsWith("Exception was thrown by handler.", response.Message, StringComparison.Ordinal);
        Assert.Contains("InvalidProtocolBufferException", response.Message, StringComparison.Ordinal);
        await AssertStillServesAsync();
    }

    [Theory]
    [InlineData(0)]
    [InlineData(2)]
    public async Task UnaryRequest_WithoutExactlyOneMessage_FailsWithInternal(int messages)
    {
        using var raw = new RawGrpcClient(fixture.Http2);
        var frame = GrpcFrame.Of(new SmallList());

        var response = await raw.PostAsync("/perfassert.targets.Echo/EchoSmall", [.. Enumerable.Repeat(frame, messages).SelectMany(f => f)]);

        Assert.Equal("13", response.GrpcStatus);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task WellFormedProtobufWithAnImpossibleValue_EveryCallShape_FailsWithInvalidArgumentAndTheReason()
    {
        // Ours to decide (ImpossibleValueInterceptor): grpc-dotnet alone would answer UNKNOWN, as for a server fault.
        using var channel = new GrpcClientOptions().CreateChannel(fixture.Http2);
        var echo = new Echo.EchoClient(channel);
        var badGuid = new SmallList { Items = { new Small { Id = Google.Protobuf.ByteString.CopyFrom(new byte[17]) } } };
        var badScale = ProtoMapping.ToProto(PayloadGenerator.Large(1)).Items[0];
        badScale.ShippingCosts.Scale = 29;
        var ct = TestContext.Current.CancellationToken;

        var unary = await Assert.ThrowsAsync<RpcException>(() => echo.EchoSmallAsync(badGuid, cancellationToken: ct).ResponseAsync);
        var serverStreaming = await Assert.ThrowsAsync<RpcException>(async () =>
        {
            using var call = echo.EchoSmallServerStream(badGuid, cancellationToken: ct);
            await call.ResponseStream.MoveNext(ct);
        });
        var clientStreaming = await Assert.ThrowsAsync<RpcException>(async () =>
        {
            using var call = echo.EchoLargeClientStream(cancellationToken: ct);
            await call.RequestStream.WriteAsync(badScale, ct);
            await call.RequestStream.CompleteAsync();
            await call.ResponseAsync;
        });

        Assert.Equal((StatusCode.InvalidArgument, "A Guid is 16 bytes, got 17."), (unary.StatusCode, unary.Status.Detail));
        Assert.Equal((StatusCode.InvalidArgument, "A Guid is 16 bytes, got 17."), (serverStreaming.StatusCode, serverStreaming.Status.Detail));
        Assert.Equal((StatusCode.InvalidArgument, "A decimal's scale is at most 28, got 29."), (clientStreaming.StatusCode, clientStreaming.Status.Detail));
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task TruncatedMessage_FailsWithInternal_AndTheNextCallWorks()
    {
        using var raw = new RawGrpcClient(fixture.Http2);
        var frame = GrpcFrame.Of(ProtoMapping.ToProto(PayloadGenerator.Large(2)));

        var response = await raw.PostAsync("/perfassert.targets.Echo/EchoLarge", frame[..^10]);

        Assert.Equal("13", response.GrpcStatus);
        Assert.Contains("Incomplete message", response.Message, StringComparison.Ordinal);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task MessageOverTheLimit_FailsWithResourceExhausted_AndTheNextCallWorks()
    {
        using var raw = new RawGrpcClient(fixture.Http2);
        var oversize = new byte[GrpcFrame.HeaderSize + MaxMessageSize + 1];
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(oversize.AsSpan(1), MaxMessageSize + 1);

        var response = await raw.PostAsync("/perfassert.targets.Echo/EchoSmall", oversize);

        Assert.Equal("8", response.GrpcStatus);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task CompressedMessage_EncodingTheServerLacks_AnswersUnimplementedAndNamesTheEncoding()
    {
        using var raw = new RawGrpcClient(fixture.Http2);
        var frame = GrpcFrame.Of(new SmallList { Items = { new Small() } });
        frame[0] = 1;

        var response = await raw.PostAsync("/perfassert.targets.Echo/EchoSmall", new ByteArrayContent(frame), headers: new Dictionary<string, string> { ["grpc-encoding"] = "snappy" });

        // grpc-dotnet answers Trailers-Only; a message sent uncompressed under the same header is served.
        Assert.Equal(HttpStatusCode.OK, response.HttpStatus);
        Assert.Equal("12", response.StatusInHeaders);
        Assert.Contains("Unsupported grpc-encoding value 'snappy'", response.Message, StringComparison.Ordinal);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task UnknownTwoSegmentPath_NotGrpc_AnswersPlain404()
    {
        using var raw = new RawGrpcClient(fixture.Host.Endpoints.Http);

        var response = await raw.PostAsync("/some/route", new StringContent("{}"), "application/json", version: HttpVersion.Version11);

        Assert.Equal(HttpStatusCode.NotFound, response.HttpStatus);
        Assert.Null(response.GrpcStatus);
    }

    [Fact]
    public async Task WrongContentType_Answers415()
    {
        using var raw = new RawGrpcClient(fixture.Http2);

        var response = await raw.PostAsync("/perfassert.targets.Echo/EchoSmall", GrpcFrame.Of(new SmallList()), "application/json");

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.HttpStatus);
    }

    [Fact]
    public async Task Http11Request_OnTheHttp11Listener_Answers426()
    {
        using var raw = new RawGrpcClient(fixture.Host.Endpoints.Http);

        var response = await raw.PostAsync("/perfassert.targets.Echo/EchoSmall", new ByteArrayContent(GrpcFrame.Of(new SmallList())), version: HttpVersion.Version11);

        Assert.Equal(HttpStatusCode.UpgradeRequired, response.HttpStatus);
    }

    [Fact]
    public async Task ClientThatNeverFinishesSending_EndsWithDeadlineExceeded_AndTheNextCallWorks()
    {
        using var channel = new GrpcClientOptions().CreateChannel(fixture.Http2);
        var todos = new Targets.Protos.Todos.TodosClient(channel);
        // Connected first, so the 200 ms are the call's, not the connection's.
        _ = await todos.FirstAsync(new Google.Protobuf.WellKnownTypes.Empty(), deadline: DateTime.UtcNow.AddSeconds(10), cancellationToken: TestContext.Current.CancellationToken);
        using var call = todos.SendStreaming(deadline: DateTime.UtcNow.AddMilliseconds(200), cancellationToken: TestContext.Current.CancellationToken);

        // One message, and the request stream is never completed: the call must still end, at its deadline (on a busy
        // machine it may pass while the message is being written).
        var error = await Assert.ThrowsAsync<RpcException>(async () =>
        {
            await call.RequestStream.WriteAsync(new Todo { Id = 1 }, TestContext.Current.CancellationToken);
            await call.ResponseAsync.WaitAsync(TimeSpan.FromSeconds(10), TestContext.Current.CancellationToken);
        });

        Assert.Equal(StatusCode.DeadlineExceeded, error.StatusCode);
        await AssertStillServesAsync();
    }

    private async Task AssertStillServesAsync()
    {
        await using var client = new GrpcEchoClient(fixture.Http2, GrpcCallShape.Unary, new GrpcClientOptions { Deadline = TimeSpan.FromSeconds(10) });
        var sent = PayloadGenerator.Small(3);
        Assert.Null(PayloadComparer.FirstDifference(sent, await client.EchoSmallAsync(sent, TestContext.Current.CancellationToken), PayloadComparer.Small));
    }
}
