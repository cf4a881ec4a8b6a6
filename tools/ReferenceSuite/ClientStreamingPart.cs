using System.Globalization;
using System.Text;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// Why SmallGrpcClientStreaming-100 costs several times its unary and server-streaming neighbours: the same 100 items
/// sent one per request message (grpc-dotnet's client flushes after each) against one unary message, interleaved in
/// this run. Explanatory: its verdict is reported, and never fails the main job.
/// </summary>
internal static class ClientStreamingPart
{
    private const string Case = "SmallGrpcClientStreaming-100";
    private const string OneMessage = "SmallGrpcUnary-100";

    public static async Task<(PerfResult Result, string Section)> RunAsync(TargetEndpoints endpoints, IReadOnlyList<PerfResult> latency, TextWriter progress)
    {
        var address = endpoints.Http2 ?? throw new InvalidOperationException("The client-streaming experiment needs the host's h2c endpoint.");
        await using var streaming = new GrpcEchoClient(address, GrpcCallShape.ClientStreaming);
        await using var unary = new GrpcEchoClient(address, GrpcCallShape.Unary);
        var result = await Perf.Measure(OneMessage + " (one message)", ReferenceCases.Get(OneMessage).Bind(unary))
            .Named(OneMessage + " vs " + Case)
            .ComparedTo(Case + " (a message per item)", ReferenceCases.Get(Case).Bind(streaming))
            .MeanAtMost(1.0)
            .RunAsync();
        await progress.WriteLineAsync("[client streaming] " + result.Verdicts[0].Message);
        return (result, Section(result, latency));
    }

    private static string Section(PerfResult result, IReadOnlyList<PerfResult> latency)
    {
        double? Mean(string name) => latency.FirstOrDefault(r => r.Name == name)?.Subject.MeanNs / 1000;
        var ratio = result.Verdicts[0].Measured;
        var oneMessageUs = result.Subject.MeanNs / 1000;
        var perItemUs = (result.Partner?.MeanNs ?? double.NaN) / 1000;
        var text = new StringBuilder("## Client streaming explained\n\n");
        text.Append(string.Create(CultureInfo.InvariantCulture,
            $"{Case} sends 100 request messages with grpc-dotnet's client, which flushes after every message (`StreamExtensions.WriteMessageAsync` awaits `FlushAsync` after each write; no write option defers it), so each is its own HTTP/2 DATA frame and socket write, and the server reads, parses and maps 100 messages. Measured interleaved in this run: a message per item {perItemUs:0.0} us, the same 100 items in one unary message {oneMessageUs:0.0} us per call, one message / a message per item = {ratio.Estimate:0.00} [{ratio.Lower:0.00}, {ratio.Upper:0.00}] ({result.Verdicts[0].Outcome}); "));
        text.Append(string.Create(CultureInfo.InvariantCulture,
            $"each extra message costs about {(perItemUs - oneMessageUs) / 99:0.0} us. In the matrix: unary {Mean(OneMessage):0.0} us; one message in, 100 out: server streaming {Mean("SmallGrpcServerStreaming-100"):0.0} us. "));
        text.Append("The matrix measures what a grpc-dotnet client costs; a client that has the whole list should send it in one message.\n");
        return text.ToString();
    }
}
