using System.Net;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc;
using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Functional.Grpc;

public sealed class GrpcProtocolErrorTests(GrpcHostFixture fixture) : IClassFixture<GrpcHostFixture>
{
    [Fact]
    public async Task ValidCall_Ok_SendsGrpcStatusAsATrailerNotAHeader()
    {
        using var raw = new RawGrpcClient(fixture.Http2);

        var response = await raw.PostAsync(GrpcMethods.GetDataStream.Path, GrpcFrameWriter.ToFrame(new Targets.Protos.DataRequest { Min = 0, Max = 42 }));

        Assert.Equal(HttpStatusCode.OK, response.HttpStatus);
        Assert.Equal("0", response.StatusInTrailers);
        Assert.Null(response.StatusInHeaders);
        Assert.Equal(43, CompositeList.Parser.ParseFrom(response.Body.AsSpan(GrpcProtocol.FrameHeaderSize)).Items.Count);
    }

    [Theory]
    [InlineData("/perfassert.targets.Echo/NoSuchMethod")]
    [InlineData("/perfassert.targets.NoSuchService/EchoSmall")]
    public async Task UnknownMethod_AnyService_AnswersUnimplementedTrailersOnly(string path)
    {
        using var raw = new RawGrpcClient(fixture.Http2);

        var response = await raw.PostAsync(path, GrpcFrameWriter.ToFrame(new SmallList()));

        Assert.Equal(HttpStatusCode.OK, response.HttpStatus);
        Assert.Equal("12", response.StatusInHeaders);
        Assert.Empty(response.Body);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task ClientDeadline_AlreadyPassed_FailsWithDeadlineExceeded()
    {
        await using var client = new GrpcTodoClient(fixture.Http2, new GrpcClientOptions { Deadline = TimeSpan.FromTicks(1) });

        var error = await Assert.ThrowsAsync<GrpcException>(() => client.GetAsync(TestContext.Current.CancellationToken));

        Assert.Equal(GrpcStatusCode.DeadlineExceeded, error.StatusCode);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task MalformedProtobuf_FailsWithUnknownAsGrpcDotnetDoes_AndTheNextCallWorks()
    {
        using var raw = new RawGrpcClient(fixture.Http2);

        var response = await raw.PostAsync(GrpcMethods.EchoLarge.Path, [0, 0, 0, 0, 4, 0x0A, 0xFF, 0xFF, 0xFF]);

        // grpc-dotnet's server: the deserializer's exception goes to its handler-error path, UNKNOWN (2).
        Assert.Equal("2", response.GrpcStatus);
        Assert.StartsWith("Exception was thrown by handler.", response.Message, StringComparison.Ordinal);
        Assert.Contains("deserialize", response.Message, StringComparison.OrdinalIgnoreCase);
        await AssertStillServesAsync();
    }

    [Theory]
    [InlineData(0)]
    [InlineData(2)]
    public async Task UnaryRequest_WithoutExactlyOneMessage_FailsWithInternal(int messages)
    {
        using var raw = new RawGrpcClient(fixture.Http2);
        var frame = GrpcFrameWriter.ToFrame(new SmallList());

        var response = await raw.PostAsync(GrpcMethods.EchoSmall.Path, [.. Enumerable.Repeat(frame, messages).SelectMany(f => f)]);

        Assert.Equal("13", response.GrpcStatus);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task WellFormedProtobufWithAnImpossibleValue_FailsWithInvalidArgument()
    {
        using var raw = new RawGrpcClient(fixture.Http2);
        var list = new SmallList { Items = { new Small { Id = Google.Protobuf.ByteString.CopyFrom(new byte[17]) } } };

        var response = await raw.PostAsync(GrpcMethods.EchoSmall.Path, GrpcFrameWriter.ToFrame(list));

        Assert.Equal("3", response.GrpcStatus);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task TruncatedMessage_FailsWithInternal_AndTheNextCallWorks()
    {
        using var raw = new RawGrpcClient(fixture.Http2);
        var frame = GrpcFrameWriter.ToFrame(ProtoMapping.ToProto(PayloadGenerator.Large(2)));

        var response = await raw.PostAsync(GrpcMethods.EchoLarge.Path, frame[..^10]);

        Assert.Equal("13", response.GrpcStatus);
        Assert.Contains("Incomplete message", response.Message, StringComparison.Ordinal);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task MessageOverTheLimit_FailsWithResourceExhausted_AndTheNextCallWorks()
    {
        using var raw = new RawGrpcClient(fixture.Http2);
        var oversize = new byte[GrpcProtocol.FrameHeaderSize + GrpcProtocol.DefaultMaxMessageSize + 1];
        System.Buffers.Binary.BinaryPrimitives.WriteUInt32BigEndian(oversize.AsSpan(1), GrpcProtocol.DefaultMaxMessageSize + 1);

        var response = await raw.PostAsync(GrpcMethods.EchoSmall.Path, oversize);

        Assert.Equal("8", response.GrpcStatus);
        await AssertStillServesAsync();
    }

    [Fact]
    public async Task CompressedEncoding_AnswersUnimplementedAndNamesIdentity()
    {
        using var raw = new RawGrpcClient(fixture.Http2);

        var response = await raw.PostAsync(GrpcMethods.EchoSmall.Path, new ByteArrayContent(GrpcFrameWriter.ToFrame(new SmallList())), headers: new Dictionary<string, string> { ["grpc-encoding"] = "gzip" });

        Assert.Equal("12", response.StatusInHeaders);
        Assert.Contains("gzip", response.Message, StringComparison.Ordinal);
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

        var response = await raw.PostAsync(GrpcMethods.EchoSmall.Path, GrpcFrameWriter.ToFrame(new SmallList()), "application/json");

        Assert.Equal(HttpStatusCode.UnsupportedMediaType, response.HttpStatus);
    }

    [Fact]
    public async Task Http11Request_OnTheHttp11Listener_Answers426()
    {
        using var raw = new RawGrpcClient(fixture.Host.Endpoints.Http);

        var response = await raw.PostAsync(GrpcMethods.EchoSmall.Path, new ByteArrayContent(GrpcFrameWriter.ToFrame(new SmallList())), version: HttpVersion.Version11);

        Assert.Equal(HttpStatusCode.UpgradeRequired, response.HttpStatus);
    }

    [Fact]
    public async Task ClientThatNeverFinishesSending_EndsWithDeadlineExceededAfterItsGrpcTimeout()
    {
        using var raw = new RawGrpcClient(fixture.Http2);
        using var stalled = new StalledContent();

        var response = await raw.PostAsync(GrpcMethods.TodosSendStreaming.Path, stalled, headers: new Dictionary<string, string> { ["grpc-timeout"] = "200m" });

        Assert.Equal("4", response.GrpcStatus);
    }

    private async Task AssertStillServesAsync()
    {
        await using var client = new GrpcEchoClient(fixture.Http2, GrpcCallShape.Unary, new GrpcClientOptions { Deadline = TimeSpan.FromSeconds(10) });
        var sent = PayloadGenerator.Small(3);
        Assert.Null(PayloadComparer.FirstDifference(sent, await client.EchoSmallAsync(sent, TestContext.Current.CancellationToken), PayloadComparer.Small));
    }

    // Sends one message and then nothing, without ending the request stream, until the test ends.
    private sealed class StalledContent : HttpContent
    {
        private readonly TaskCompletionSource _released = new(TaskCreationOptions.RunContinuationsAsynchronously);

        protected override async Task SerializeToStreamAsync(Stream stream, TransportContext? context)
        {
            await stream.WriteAsync(GrpcFrameWriter.ToFrame(new Todo { Id = 1 }));
            await stream.FlushAsync();
            await _released.Task.WaitAsync(TimeSpan.FromSeconds(10));
        }

        protected override bool TryComputeLength(out long length)
        {
            length = 0;
            return false;
        }

        protected override void Dispose(bool disposing)
        {
            _released.TrySetResult();
            base.Dispose(disposing);
        }
    }
}
