using System.Diagnostics;
using System.Net;
using System.Net.Http.Headers;
using Google.Protobuf;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Functional.BadInput;

/// <summary>
/// The fuzz pass: for every HTTP/1.1 echo stack and for gRPC, a valid request recorded from the real client is mutated
/// (bytes flipped, truncated, spans inserted, deleted or repeated, boundary bytes planted) a few thousand times with a
/// fixed seed and sent to the loopback targets. No mutated request may get a 5xx (a SOAP fault, which SOAP 1.1 sends with
/// 500, counts as the protocol's own fault) or hang, and afterwards the original request is answered correctly. Each
/// stack prints its figures: requests, 2xx, 4xx, faults, 5xx, hangs.
/// </summary>
public sealed class FuzzPassTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>
{
    private const int RequestsPerProtocol = 5_000;
    private static readonly TimeSpan Budget = TimeSpan.FromSeconds(60);
    private static readonly TimeSpan PerRequest = TimeSpan.FromSeconds(10);

    public static TheoryData<string> HttpStacks => [.. TargetCatalog.EchoStacks.Where(s => s.SupportsInMemory).Select(s => s.Id)];

    [Theory]
    [MemberData(nameof(HttpStacks))]
    public async Task MutatedHttpRequests_NeverGet5xxOrHang_AndTheTargetKeepsServing(string stackId)
    {
        var cancellationToken = TestContext.Current.CancellationToken;
        using var recorder = new RecordingHandler();
        await using (var client = TargetCatalog.Get(stackId).Create(targets.Endpoints with { InMemoryHandler = recorder }))
        {
            await client.EchoLargeAsync(PayloadGenerator.Large(2, seed: 5), cancellationToken);
        }

        var valid = recorder.Recorded ?? throw new InvalidOperationException($"{stackId} sent no request through the recording handler.");
        using var http = new HttpClient(new SocketsHttpHandler()) { Timeout = PerRequest };

        var figures = await FuzzAsync(stackId, valid.Body, body => valid.ToMessage(body), http, cancellationToken);

        using var again = await http.SendAsync(valid.ToMessage(valid.Body), cancellationToken);
        Assert.Equal(HttpStatusCode.OK, again.StatusCode);
        figures.AssertClean();
    }

    [Fact]
    public async Task MutatedGrpcFrames_NeverGet5xxOrHang_AndTheTargetKeepsServing()
    {
        var cancellationToken = TestContext.Current.CancellationToken;
        var message = ProtoMapping.ToProto(PayloadGenerator.Large(2, seed: 5)).ToByteArray();
        var frame = new byte[5 + message.Length];
        System.Buffers.Binary.BinaryPrimitives.WriteInt32BigEndian(frame.AsSpan(1), message.Length);
        message.CopyTo(frame, 5);
        var address = new Uri(targets.Endpoints.Http2!, "/perfassert.targets.Echo/EchoLarge");
        HttpRequestMessage Request(byte[] body)
        {
            var request = new HttpRequestMessage(HttpMethod.Post, address)
            {
                Version = HttpVersion.Version20,
                VersionPolicy = HttpVersionPolicy.RequestVersionExact,
                Content = new ByteArrayContent(body),
            };
            request.Content.Headers.ContentType = new MediaTypeHeaderValue("application/grpc");
            request.Headers.TryAddWithoutValidation("TE", "trailers");
            return request;
        }

        using var http = new HttpClient(new SocketsHttpHandler()) { Timeout = PerRequest };

        var figures = await FuzzAsync("Grpc.Unary/Protobuf EchoLarge", frame, Request, http, cancellationToken);

        using var again = await http.SendAsync(Request(frame), cancellationToken);
        var answer = await again.Content.ReadAsByteArrayAsync(cancellationToken);
        Assert.Equal(HttpStatusCode.OK, again.StatusCode);
        Assert.Equal("0", again.TrailingHeaders.TryGetValues("grpc-status", out var status) ? status.Single() : "(no grpc-status)");
        Assert.Equal(frame, answer);
        figures.AssertClean();
    }

    [Fact]
    public async Task MutatedNetTcpSessions_AreRefusedOrAnswered_NeverHang_AndTheServiceKeepsServing()
    {
        var cancellationToken = TestContext.Current.CancellationToken;
        var endpoint = targets.Endpoints.Tcp[WcfModule.NetTcpTuned];
        var codec = new NetTcpBinaryCodec();
        // A whole session as a client sends it: preamble, two calls (the second reuses the session dictionary), end.
        byte[] valid =
        [
            .. Wcf.RawNetTcpSession.TunedPreamble,
            .. codec.EncodeFrame(w => SoapMessage.WriteRequest(w, SoapVersion.Soap12WSAddressing10, WcfContract.EchoSmall, [PayloadGenerator.Small(2, seed: 5)])),
            .. codec.EncodeFrame(w => SoapMessage.WriteRequest(w, SoapVersion.Soap12WSAddressing10, WcfContract.EchoLarge, [PayloadGenerator.Large(1, seed: 5)])),
            NetTcpRecord.End,
        ];
        var fuzzer = new Mutator(seed: StableSeed("Wcf.NetTcp/Tuned"));
        int sessions = 0, answered = 0, faulted = 0, closed = 0, hangs = 0;
        var problems = new List<string>();
        var clock = Stopwatch.StartNew();
        while (sessions < RequestsPerProtocol && clock.Elapsed < Budget)
        {
            var bytes = fuzzer.Mutate(valid);
            sessions++;
            using var tcp = new System.Net.Sockets.TcpClient(System.Net.Sockets.AddressFamily.InterNetwork) { NoDelay = true };
            await tcp.ConnectAsync(endpoint, cancellationToken);
            var stream = tcp.GetStream();
            var received = new MemoryStream();
            using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
            deadline.CancelAfter(PerRequest);
            try
            {
                // The service may refuse and close before it has read everything: a reset while sending is an answer.
                try
                {
                    await stream.WriteAsync(bytes, deadline.Token);
                    tcp.Client.Shutdown(System.Net.Sockets.SocketShutdown.Send);
                }
                catch (IOException)
                {
                }

                // With the client's side closed, the service must answer and close, or close, within the bound.
                await stream.CopyToAsync(received, deadline.Token);
            }
            catch (IOException)
            {
            }
            catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
            {
                hangs++;
                if (problems.Count < 5)
                {
                    problems.Add($"no close within {PerRequest.TotalSeconds:0} s for {Convert.ToHexString(bytes[..Math.Min(64, bytes.Length)])}");
                }

                continue;
            }

            // The first record after the preamble's ack says how the service took the session.
            var answer = received.ToArray();
            var first = answer.Length > 0 && answer[0] == NetTcpRecord.PreambleAck ? answer.Skip(1).FirstOrDefault() : answer.FirstOrDefault();
            if (first == NetTcpRecord.SizedEnvelope)
            {
                answered++;
            }
            else if (first == NetTcpRecord.Fault)
            {
                faulted++;
            }
            else
            {
                closed++;
            }
        }

        var figures = $"fuzz Wcf.NetTcp/Tuned: {sessions} mutated sessions, answered {answered}, framing faults {faulted}, closed without a fault {closed}, hangs {hangs}";
        TestContext.Current.TestOutputHelper?.WriteLine(figures);
        await using (var client = TargetCatalog.Get("Wcf.NetTcp/Tuned").Create(targets.Endpoints))
        {
            var sent = PayloadGenerator.Large(2, seed: 7);
            Assert.Null(PayloadComparer.FirstDifference(sent, await client.EchoLargeAsync(sent, cancellationToken), PayloadComparer.Large));
        }

        Assert.True(hangs == 0, figures + Environment.NewLine + string.Join(Environment.NewLine, problems));
        Assert.True(sessions >= RequestsPerProtocol / 2, figures);
    }

    private static async Task<Figures> FuzzAsync(string name, byte[] valid, Func<byte[], HttpRequestMessage> request, HttpClient http, CancellationToken cancellationToken)
    {
        var figures = new Figures(name);
        var fuzzer = new Mutator(seed: StableSeed(name));
        var clock = Stopwatch.StartNew();
        while (figures.Requests < RequestsPerProtocol && clock.Elapsed < Budget)
        {
            var body = fuzzer.Mutate(valid);
            try
            {
                using var message = request(body);
                using var response = await http.SendAsync(message, cancellationToken);
                var text = await response.Content.ReadAsStringAsync(cancellationToken);
                figures.Count(response, text, body);
            }
            catch (TaskCanceledException) when (!cancellationToken.IsCancellationRequested)
            {
                figures.Hang(body);
            }
        }

        TestContext.Current.TestOutputHelper?.WriteLine(figures.ToString());
        return figures;
    }

    private static int StableSeed(string name) => name.Aggregate(17, (hash, c) => unchecked((hash * 31) + c));

    /// <summary>Mutations of a valid body, from a fixed seed so a failure can be replayed.</summary>
    private sealed class Mutator(int seed)
    {
        private static readonly byte[] Planted = [0x00, 0xff, 0x7f, 0x80, (byte)'<', (byte)'>', (byte)'"', (byte)'{', (byte)'}', (byte)'[', (byte)'&', 0xc0, 0xc1, 0xdb, 0xdf];
        private readonly Random _random = new(seed);

        public byte[] Mutate(byte[] valid)
        {
            var body = new List<byte>(valid);
            var rounds = 1 + _random.Next(3);
            for (var r = 0; r < rounds && body.Count > 0; r++)
            {
                var at = _random.Next(body.Count);
                var span = Math.Min(body.Count - at, 1 + _random.Next(16));
                switch (_random.Next(6))
                {
                    case 0:
                        body[at] = (byte)_random.Next(256);
                        break;
                    case 1:
                        body.RemoveRange(at, body.Count - at);
                        break;
                    case 2:
                        body.InsertRange(at, Enumerable.Range(0, span).Select(_ => (byte)_random.Next(256)));
                        break;
                    case 3:
                        body.RemoveRange(at, span);
                        break;
                    case 4:
                        body.InsertRange(at, body.GetRange(at, span));
                        break;
                    default:
                        body[at] = Planted[_random.Next(Planted.Length)];
                        break;
                }
            }

            return [.. body];
        }
    }

    private sealed class Figures(string name)
    {
        private readonly List<string> _problems = [];
        private readonly SortedDictionary<string, int> _grpcStatuses = new(StringComparer.Ordinal);

        public int Requests { get; private set; }

        private int Success { get; set; }

        private int ClientErrors { get; set; }

        private int Faults { get; set; }

        private int ServerErrors { get; set; }

        private int Hangs { get; set; }

        // gRPC answers with HTTP 200 whatever happened: one without a grpc-status, or an error status without a reason.
        private int Unexplained { get; set; }

        public void Count(HttpResponseMessage response, string text, byte[] body)
        {
            Requests++;
            var status = (int)response.StatusCode;
            if (response.TrailingHeaders.TryGetValues("grpc-status", out var grpcStatus) || response.Headers.TryGetValues("grpc-status", out grpcStatus))
            {
                var code = grpcStatus.First();
                _grpcStatuses[code] = _grpcStatuses.GetValueOrDefault(code) + 1;
                var hasReason = response.TrailingHeaders.Contains("grpc-message") || response.Headers.Contains("grpc-message");
                if (code != "0" && !hasReason)
                {
                    Unexplained++;
                    Keep($"grpc-status {code} without a grpc-message for {Convert.ToHexString(body[..Math.Min(64, body.Length)])}");
                }
            }
            else if (status == 200 && name.StartsWith("Grpc", StringComparison.Ordinal))
            {
                Unexplained++;
                Keep($"HTTP 200 without a grpc-status for {Convert.ToHexString(body[..Math.Min(64, body.Length)])}");
            }

            if (status < 300)
            {
                Success++;
            }
            else if (status < 500)
            {
                ClientErrors++;
            }
            else if (IsSoapFault(response, text))
            {
                Faults++;
            }
            else
            {
                ServerErrors++;
                Keep($"{status}: {text[..Math.Min(200, text.Length)]} for {Convert.ToHexString(body[..Math.Min(64, body.Length)])}");
            }
        }

        public void Hang(byte[] body)
        {
            Requests++;
            Hangs++;
            Keep($"no answer within {PerRequest.TotalSeconds:0} s for {Convert.ToHexString(body[..Math.Min(64, body.Length)])}");
        }

        public void AssertClean()
        {
            Assert.True(ServerErrors == 0 && Hangs == 0 && Unexplained == 0, $"{this}{Environment.NewLine}{string.Join(Environment.NewLine, _problems)}");
            Assert.True(Requests >= RequestsPerProtocol / 2, $"{this}: fewer than {RequestsPerProtocol / 2} requests within {Budget.TotalSeconds:0} s");
        }

        public override string ToString() =>
            $"fuzz {name}: {Requests} mutated requests, 2xx {Success}, 4xx {ClientErrors}, SOAP faults {Faults}, 5xx {ServerErrors}, hangs {Hangs}"
            + (Unexplained == 0 ? string.Empty : $", gRPC answers without a status or a reason {Unexplained}")
            + (_grpcStatuses.Count == 0 ? string.Empty : "; grpc-status " + string.Join(", ", _grpcStatuses.Select(p => $"{p.Key}: {p.Value}")));

        private static bool IsSoapFault(HttpResponseMessage response, string text) =>
            response.StatusCode == HttpStatusCode.InternalServerError
            && response.Content.Headers.ContentType?.MediaType is "text/xml" or "application/soap+xml"
            && text.Contains(":Fault>", StringComparison.Ordinal);

        private void Keep(string problem)
        {
            if (_problems.Count < 5)
            {
                _problems.Add(problem);
            }
        }
    }

    /// <summary>Passes requests on to the loopback targets and keeps the last one: method, address, content headers, body.</summary>
    private sealed class RecordingHandler() : DelegatingHandler(new SocketsHttpHandler())
    {
        public RecordedRequest? Recorded { get; private set; }

        protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
        {
            var body = request.Content is null ? [] : await request.Content.ReadAsByteArrayAsync(cancellationToken);
            Recorded = new RecordedRequest(request.Method, request.RequestUri!, request.Content?.Headers.ContentType, [.. request.Headers.Where(h => h.Key != "Host")], body);
            var copy = Recorded.ToMessage(body);
            return await base.SendAsync(copy, cancellationToken);
        }
    }

    private sealed record RecordedRequest(HttpMethod Method, Uri Address, MediaTypeHeaderValue? ContentType, List<KeyValuePair<string, IEnumerable<string>>> Headers, byte[] Body)
    {
        public HttpRequestMessage ToMessage(byte[] body)
        {
            var message = new HttpRequestMessage(Method, Address) { Content = new ByteArrayContent(body) };
            message.Content.Headers.ContentType = ContentType;
            foreach (var (key, values) in Headers)
            {
                message.Headers.TryAddWithoutValidation(key, values);
            }

            return message;
        }
    }
}
