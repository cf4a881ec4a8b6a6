using PerfAssert.Conformance.MessagePack;
using PerfAssert.Conformance.Support;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Conformance.Grpc;

/// <summary>
/// The gRPC targets (grpc-dotnet 2.85.0, services and clients) against an implementation that is not .NET's, Debian's python3-grpcio with python3-protobuf (message
/// classes compiled from the project's .proto files by Debian's protoc), in both directions: its client calling every
/// method of the targets' server over h2c on loopback (with a deadline, an unknown method and a malformed message), and
/// our three client shapes (unary, server streaming, client streaming) calling its server.
/// </summary>
public sealed class GrpcPeerTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>, IDisposable
{
    private const string Packages = "python3-grpcio python3-protobuf protobuf-compiler libprotobuf-dev";
    private static readonly TimeSpan PeerTimeout = TimeSpan.FromSeconds(90);
    private readonly string _generated = Directory.CreateTempSubdirectory("perfassert-grpc-peer-").FullName;

    [Fact]
    public async Task PythonGrpcClient_CallsEveryMethodOfTheTargets_AndGetsExactAnswers()
    {
        await CompileProtosAsync();
        var http2 = targets.Endpoints.Http2 ?? throw new InvalidOperationException("The loopback targets have no h2c endpoint.");

        var output = await PeerProcess.RunPythonClientAsync("grpc_peer.py", "python3-grpcio", PeerTimeout, $"127.0.0.1:{http2.Port}", _generated);

        Assert.Contains("Echo: 6 methods", output, StringComparison.Ordinal);
        Assert.Contains("Todos: 6 methods", output, StringComparison.Ordinal);
    }

    [Theory]
    [InlineData(GrpcStacks.UnaryId)]
    [InlineData(GrpcStacks.ServerStreamingId)]
    [InlineData(GrpcStacks.ClientStreamingId)]
    public async Task OurGrpcClient_AgainstAPythonGrpcServer_EchoesEdgePayloadsExactly(string stack)
    {
        await CompileProtosAsync();
        await using var peer = PeerProcess.Start(PeerProcess.Python, [PeerProcess.Program("grpc_peer.py"), "server", _generated]);
        var port = int.Parse(peer.WaitForLine("listening ", PeerTimeout), System.Globalization.CultureInfo.InvariantCulture);
        var endpoints = new TargetEndpoints { Http = new Uri("http://127.0.0.1:9/"), Http2 = new Uri($"http://127.0.0.1:{port}/") };
        await using var client = TargetCatalog.Get(stack).Create(endpoints);
        using var timeout = new CancellationTokenSource(PeerTimeout);

        var large = EdgeItems.Large();
        var small = EdgeItems.Small();
        var largeBack = await client.EchoLargeAsync(large, timeout.Token);
        var smallBack = await client.EchoSmallAsync(small, timeout.Token);

        Assert.Null(PayloadComparer.FirstDifference(large, largeBack, PayloadComparer.Large));
        Assert.Null(PayloadComparer.FirstDifference(small, smallBack, PayloadComparer.Small));
    }

    public void Dispose() => Directory.Delete(_generated, recursive: true);

    /// <summary>Compiles the project's .proto files into python message classes with Debian's protoc.</summary>
    private async Task CompileProtosAsync()
    {
        await PeerProcess.RequirePythonModuleAsync("grpc", Packages);
        await PeerProcess.RequirePythonModuleAsync("google.protobuf", Packages);
        const string Protoc = "/usr/bin/protoc";
        if (!File.Exists(Protoc) || !File.Exists("/usr/include/google/protobuf/timestamp.proto"))
        {
            Assert.Fail($"{Protoc} or the well-known .proto files are missing. Install the peer with: sudo apt-get update && sudo apt-get install -y {Packages} (tools/test.sh does this before the tests).");
        }

        var protos = Path.Combine(AppContext.BaseDirectory, "Protos");
        await using var protoc = PeerProcess.Start(Protoc, [$"-I{protos}", "-I/usr/include", $"--python_out={_generated}", .. Directory.GetFiles(protos, "*.proto").Select(Path.GetFileName)!]);
        var exit = await protoc.WaitForExitAsync(PeerTimeout);
        Assert.True(exit == 0, $"protoc could not compile the project's .proto files (exit {exit}):{Environment.NewLine}{protoc.Output}");
    }
}
