using System.Globalization;
using System.Text;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.ReferenceSuite.Report;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// Why SmallGrpcClientStreaming-100 costs several times its unary and server-streaming neighbours: the same 100 items sent
/// one per request message (grpc-dotnet's client flushes after each) against one unary message, timed in the same blocks
/// of the side-by-side phase. Explanatory: it never fails the main job.
/// </summary>
internal static class ClientStreamingPart
{
    /// <summary>The item count the experiment compares at.</summary>
    public const int Items = 100;

    private const string Case = "SmallGrpcClientStreaming-100";
    private const string OneMessage = "SmallGrpcUnary-100";
    private const string ServerStreaming = "SmallGrpcServerStreaming-100";

    /// <summary>The ratio the section prints: one message over a message per item.</summary>
    public static RatioPair Pair { get; } = new(OneMessage, Case);

    /// <summary>The report's section, from the phase's means and ratio.</summary>
    public static string Section(ReportedTimes times)
    {
        ArgumentNullException.ThrowIfNull(times);
        var table = times.Table;
        var text = new StringBuilder("## Client streaming explained\n\n");
        if (table.Ratio(OneMessage, Case) is not { } ratio || times.Mean(OneMessage) is not { } one || times.Mean(Case) is not { } perItem)
        {
            return text.Append("Not measured in this run.\n").ToString();
        }

        text.Append(string.Create(CultureInfo.InvariantCulture,
            $"{Case} sends {Items} request messages with grpc-dotnet's client, which flushes after every message (`StreamExtensions.WriteMessageAsync` awaits `FlushAsync` after each write; no write option defers it), so each is its own HTTP/2 DATA frame and socket write, and the server reads, parses and maps {Items} messages. Timed in the same blocks in this run: a message per item {MeanText(perItem)} us, the same {Items} items in one unary message {MeanText(one)} us per call, one message / a message per item = {RatioSection.Format(ratio)}; "));
        text.Append(string.Create(CultureInfo.InvariantCulture, $"each extra message costs about {(perItem.Estimate - one.Estimate) / (Items - 1):0.0} us."));
        if (times.Mean(ServerStreaming) is { } server)
        {
            text.Append(string.Create(CultureInfo.InvariantCulture, $" One message in, {Items} out (server streaming): {MeanText(server)} us."));
        }

        text.Append(" The matrix measures what a grpc-dotnet client costs; a client that has the whole list should send it in one message.\n");
        return text.ToString();
    }

    private static string MeanText(Statistics.Interval mean) => RatioSection.Mean(mean);
}
