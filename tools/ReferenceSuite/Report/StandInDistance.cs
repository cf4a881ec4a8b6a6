using System.Globalization;
using System.Text;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// How far each stand-in is from the library it replaces, measured beside the project against CoreWCF built from its
/// public sources (never committed, never built by this repository's scripts):
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
    public const string Measured = "2026-11-24";

    /// <summary>Every measured case.</summary>
    public static IReadOnlyList<Row> Rows { get; } =
    [
        new("BasicHttp Small-0 (same client on both sides; stand-in vs CoreWCF service)", [new(1.009, 0.967, 1.059), new(0.977, 0.938, 1.019)], 18.6, 19.3),
        new("BasicHttp Small-100", [new(0.941, 0.904, 0.981), new(1.022, 0.985, 1.061)], 127.7, 95.7),
        new("BasicHttp Large-100", [new(0.965, 0.922, 1.010), new(0.991, 0.957, 1.035)], 1_917, 1_809),
        new("NetTcp Small-0 (same client on both sides; stand-in vs CoreWCF service, SecurityMode.None)", [new(0.930, 0.905, 0.952), new(0.897, 0.871, 0.919)], 17.7, 19.9),
        new("NetTcp Large-100", [new(0.966, 0.933, 1.001), new(0.983, 0.970, 1.012)], 966, 760),
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
        text.AppendLine("CoreWCF cannot be restored here, so the WCF stacks' services are stand-ins that speak its wire protocols");
        text.AppendLine("(docs/conformance.md: which real peers prove it); their BasicHttp and NetTcp clients are the real WCF client, and the");
        text.AppendLine("gRPC and MessagePack stacks run on grpc-dotnet and MessagePack-CSharp themselves. Each stand-in service was measured");
        text.AppendLine($"against the real library, built from its public source beside the project, in one process, interleaved ({Measured}):");
        text.AppendLine("stand-in mean over real mean, 99% interval, two separate runs where there are two. Run-to-run movement was up to 6-8%,");
        text.AppendLine("more than one interval shows: read differences under about 5% as noise.");
        text.AppendLine();
        text.Append(Table());
        text.AppendLine();
        text.AppendLine(string.Create(CultureInfo.InvariantCulture, $"- Both WCF stand-ins are within {MaxDistance("BasicHttp", "NetTcp"):0%} of the real stacks in time: read their rows above as the real libraries' within that."));
        text.AppendLine("- The WCF stand-in services allocate more than CoreWCF once there is payload (BasicHttp Small-100, NetTcp Large-100): their allocation figures overstate the real service's.");
        text.AppendLine("- The BasicHttp and NetTcp stacks' clients are the real WCF client (dotnet/wcf's System.ServiceModel.* 10.1.0, through ChannelFactory), so only their service side is a stand-in; WebHttp's client is HttpClient (the WCF client has no WebHttpBinding).");
        return text.ToString();
    }

    private static IEnumerable<Ratio> Of(params string[] stacks) =>
        Rows.Where(r => stacks.Any(s => r.Case.StartsWith(s, StringComparison.Ordinal))).SelectMany(r => r.Runs);

    private static double MaxDistance(params string[] stacks) => Of(stacks).Max(r => Math.Abs(r.Estimate - 1));
}
