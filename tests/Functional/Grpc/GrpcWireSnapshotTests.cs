using System.Net;
using System.Text;
using Grpc.Core;
using PerfAssert.Functional.Support;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Functional.Grpc;

public sealed class GrpcWireSnapshotTests
{
    [Fact]
    public async Task EchoLargeRequest_TwoSeededItems_MatchesTheVerifiedWireBytes()
    {
        // The request body grpc-dotnet's client puts on the wire for EchoLarge: 5-byte prefix and the protobuf LargeList.
        // A change here means the .proto, the mapping or Google.Protobuf's encoding changed, and with it every recorded
        // gRPC figure's payload.
        var capture = new CapturingHandler();
        await using var client = new GrpcEchoClient(new Uri("http://127.0.0.1:9/"), GrpcCallShape.Unary, new GrpcClientOptions { HttpHandler = capture });

        var error = await Assert.ThrowsAsync<RpcException>(() => client.EchoLargeAsync(PayloadGenerator.Large(2, seed: 1), TestContext.Current.CancellationToken));

        Assert.Equal(StatusCode.Unimplemented, error.StatusCode);
        Assert.Equal("/perfassert.targets.Echo/EchoLarge", capture.Path);
        Assert.Equal(GrpcFrame.Of(Targets.Protos.ProtoMapping.ToProto(PayloadGenerator.Large(2, seed: 1))), capture.Body);
        Snapshot.Verify(Hex(capture.Body!), "Grpc/Snapshots", "EchoLargeRequest.Large2");
    }

    // 32 bytes a line, so a diff points at the changed field.
    private static string Hex(byte[] bytes)
    {
        var text = new StringBuilder();
        text.Append("length ").Append(bytes.Length).Append('\n');
        foreach (var line in bytes.Chunk(32))
        {
            text.Append(Convert.ToHexStringLower(line)).Append('\n');
        }

        return text.ToString();
    }

    // Keeps the request body and answers Trailers-Only UNIMPLEMENTED, so no server is needed.
    private sealed class CapturingHandler : HttpMessageHandler
    {
        public string? Path { get; private set; }

        public byte[]? Body { get; private set; }

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            Path = request.RequestUri?.AbsolutePath;
            Body = await request.Content!.ReadAsByteArrayAsync(cancellationToken);
            var response = new HttpResponseMessage(HttpStatusCode.OK) { Version = HttpVersion.Version20, RequestMessage = request, Content = new ByteArrayContent([]) };
            response.Content.Headers.ContentType = new System.Net.Http.Headers.MediaTypeHeaderValue("application/grpc");
            response.Headers.Add("grpc-status", "12");
            return response;
        }
    }
}
