using System.Globalization;
using System.Text;

namespace PerfAssert.Targets.Reference;

/// <summary>
/// How far each stand-in is from the library it replaces, measured beside the project against grpc-dotnet, CoreWCF and
/// the WCF client built from their public sources (never committed, never built by this repository's scripts):
/// the report's notes and docs/conformance.md both print <see cref="Table"/>, so a reader knows how far the stacks'
/// figures can be read as the real libraries'. The figures are not re-measured by this repository (CoreWCF does not
/// restore here); they change only when someone measures again and edits <see cref="Rows"/>.
/// </summary>
public static class StandInDistance
{
    /// <summary>One measured comparison: the stand-in's mean over the real library's, with its 99% interval.</summary>
    /// <param name="Estimate">Stand-in mean / real mean.</param>
    /// <param name="Lower">Lower end of the 99% interval over the blocks.</param>
    /// <param name="Upper">Upper end.</param>
    public sealed record Ratio(double Estimate, double Lower, double Upper);

    /// <summary>One case, measured in one or two separate runs.</summary>
    /// <param name="Case">What was called, and who the real side was.</param>
    /// <param name="Runs">Each run's ratio (128 interleaved blocks each).</param>
    /// <param name="StandInKilobytes">KB allocated per operation by the stand-in side.</param>
    /// <param name="RealKilobytes">KB allocated per operation by the real side.</param>
    public sealed record Row(string Case, IReadOnlyList<Ratio> Runs, double StandInKilobytes, double RealKilobytes);

    /// <summary>When the figures were taken.</summary>
    public const string Measured = "2026-11-24; the WCF client rows 2026-11-25";

    /// <summary>Every measured case.</summary>
    public static IReadOnlyList<Row> Rows { get; } =
    [
        new("gRPC Echo Small-0 (client and server)", [new(0.924, 0.903, 0.947), new(0.931, 0.904, 0.959)], 8.15, 8.67),
        new("gRPC Echo Small-100", [new(0.985, 0.955, 1.017), new(1.002, 0.974, 1.033)], 66.8, 65.4),
        new("gRPC Echo Large-100", [new(1.015, 0.971, 1.056), new(1.016, 0.984, 1.069)], 726.8, 692.4),
        new("gRPC GetDataStream 0..42 (unary)", [new(0.933, 0.905, 0.962), new(0.995, 0.968, 1.018)], 20.3, 20.8),
        new("BasicHttp Small-0 (our client; stand-in vs CoreWCF service)", [new(1.009, 0.967, 1.059), new(0.977, 0.938, 1.019)], 18.6, 19.3),
        new("BasicHttp Small-100", [new(0.941, 0.904, 0.981), new(1.022, 0.985, 1.061)], 127.7, 95.7),
        new("BasicHttp Large-100", [new(0.965, 0.922, 1.010), new(0.991, 0.957, 1.035)], 1_917, 1_809),
        new("NetTcp Small-0 (our client; stand-in vs CoreWCF service, SecurityMode.None)", [new(0.930, 0.905, 0.952), new(0.897, 0.871, 0.919)], 17.7, 19.9),
        new("NetTcp Large-100", [new(0.966, 0.933, 1.001), new(0.983, 0.970, 1.012)], 966, 760),
        new("WCF client: our NetTcp client vs dotnet/wcf's, Echo Small-0, SecurityMode.None (same stand-in service; run B with ConnectionBufferSize 65536)", [new(1.329, 1.265, 1.392), new(1.302, 1.196, 1.369)], 17.66, 19.27),
        new("WCF client: our NetTcp client vs dotnet/wcf's, Echo Small-0, SecurityMode.Transport (TLS)", [new(1.106, 1.071, 1.157), new(1.047, 0.993, 1.105)], 17.66, 19.45),
        new("WCF client: our NetTcp client vs dotnet/wcf's, Echo Large-100, SecurityMode.None (ConnectionBufferSize 65536)", [new(1.008, 0.977, 1.059)], 965.96, 709.17),
        new("WCF client: our NetTcp client vs dotnet/wcf's, Echo Large-100, SecurityMode.Transport (TLS; ConnectionBufferSize 65536)", [new(0.994, 0.960, 1.037)], 966.03, 709.64),
    ];

    /// <summary>The rows as a Markdown table: case, each run's ratio with its interval, KB per operation on each side.</summary>
    public static string Table()
    {
        var text = new StringBuilder();
        text.AppendLine("| case | stand-in / real, run A; run B | KB/op stand-in / real |");
        text.AppendLine("|---|---|---|");
        foreach (var row in Rows)
        {
            var runs = string.Join("; ", row.Runs.Select(r => string.Create(CultureInfo.InvariantCulture, $"{r.Estimate:0.000} [{r.Lower:0.000}, {r.Upper:0.000}]")));
            text.AppendLine(string.Create(CultureInfo.InvariantCulture, $"| {row.Case} | {runs} | {row.StandInKilobytes:#,0.0#} / {row.RealKilobytes:#,0.0#} |"));
        }

        return text.ToString();
    }

    /// <summary>The report's note: the table and what it means for reading the report's stacks.</summary>
    public static string Markdown()
    {
        var text = new StringBuilder();
        text.AppendLine("## Notes: how far the stand-ins are from the libraries they replace");
        text.AppendLine();
        text.AppendLine("CoreWCF, the WCF client and grpc-dotnet could not be restored when the stacks were built (CoreWCF still cannot; the");
        text.AppendLine("others run against the stand-ins in the conformance tests), so those stacks run on stand-ins that speak the same wire");
        text.AppendLine("protocol (docs/conformance.md: which real peers prove it); the MessagePack stacks run on MessagePack-CSharp itself. Each stand-in was measured");
        text.AppendLine($"against the real library, built from its public source beside the project, in one process, interleaved ({Measured}):");
        text.AppendLine("stand-in mean over real mean, 99% interval, two separate runs where there are two. Run-to-run movement was up to 6-8%,");
        text.AppendLine("more than one interval shows: read differences under about 5% as noise.");
        text.AppendLine();
        text.Append(Table());
        text.AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture, $"- gRPC and both WCF stand-ins are within {MaxDistance("gRPC", "BasicHttp", "NetTcp"):0%} of the real stacks in time: read their rows above as the real libraries' within that."));
        text.AppendLine(string.Create(CultureInfo.InvariantCulture, $"- The WCF stand-ins allocate more than CoreWCF and the WCF client once there is payload (BasicHttp Small-100, NetTcp Large-100; our NetTcp client {MostAllocated("WCF client"):0.00}x dotnet/wcf's: no buffer pooling); their allocation figures overstate the real libraries'."));
        text.AppendLine(string.Create(CultureInfo.InvariantCulture, $"- Our NetTcp client takes {Fastest("WCF client"):0.00}x-{Slowest("WCF client"):0.00}x the time of dotnet/wcf's client (the service side is ours in both; the most for a small message without TLS, the same time for Large-100): the NetTcp rows overstate the real client's share of a small call by up to that."));
        return text.ToString();
    }

    private static IEnumerable<Ratio> Of(params string[] stacks) =>
        Rows.Where(r => stacks.Any(s => r.Case.StartsWith(s, StringComparison.Ordinal))).SelectMany(r => r.Runs);

    private static double MaxDistance(params string[] stacks) => Of(stacks).Max(r => Math.Abs(r.Estimate - 1));

    private static double Fastest(string stack) => Of(stack).Min(r => r.Estimate);

    private static double Slowest(string stack) => Of(stack).Max(r => r.Estimate);

    private static double MostAllocated(string stack) =>
        Rows.Where(r => r.Case.StartsWith(stack, StringComparison.Ordinal)).Max(r => r.StandInKilobytes / r.RealKilobytes);
}
