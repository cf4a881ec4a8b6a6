using System.Globalization;
using System.Text;
using PerfAssert.ReferenceSuite.Ratios;
using PerfAssert.Statistics;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// Puts the published experiments beside this run's figures, normalized as the experiments were read: the latency
/// experiment as ratios to WCF text (BasicHttpBinding) at the same size and item count, NetTcp vs gRPC as the ratio of the
/// two. Absolute figures are shown but never compared: the hardware and runtimes differ. Given this run's side-by-side
/// ratios (<see cref="RatioTable"/>), every measured ratio is one of them, with its interval; without, it is the quotient
/// of two means.
/// </summary>
public static class PublishedComparison
{
    /// <summary>The latency experiment's reference stack.</summary>
    public const string ReferenceStack = "WcfText";

    /// <summary>Within this share of parity a ratio reads as "about equal".</summary>
    public const double ParityBand = 0.10;

    /// <summary>Every published latency figure beside ours; <paramref name="measuredMicroseconds"/> is keyed by our case name.</summary>
    public static IReadOnlyList<PublishedRow> Latency(IReadOnlyDictionary<string, double> measuredMicroseconds, RatioTable? ratios = null)
    {
        ArgumentNullException.ThrowIfNull(measuredMicroseconds);
        var published = PublishedLatency.All;
        var rows = new List<PublishedRow>();
        foreach (var figure in published)
        {
            var size = figure.Method.StartsWith("Small", StringComparison.Ordinal) ? "Small" : "Large";
            var reference = published.Single(p => p.Method == size + ReferenceStack && p.Items == figure.Items);
            var publishedRatio = figure.MeanMicroseconds / reference.MeanMicroseconds;
            var (ours, why) = figure.Ours();
            var referenceCase = $"{size}{ReferenceStack}-{figure.Items.ToString(CultureInfo.InvariantCulture)}";
            if (ours is null)
            {
                rows.Add(new PublishedRow($"{figure.Method}-{figure.Items}", figure.MeanMicroseconds, publishedRatio, null, null, "not comparable: " + why));
            }
            else if (!measuredMicroseconds.TryGetValue(ours, out var measured) || !measuredMicroseconds.TryGetValue(referenceCase, out var measuredReference))
            {
                rows.Add(new PublishedRow(ours, figure.MeanMicroseconds, publishedRatio, null, null, $"not measured in this run ({figure.Items} items: the quick matrix runs 0 and 100, --full adds 10 and 1000)"));
            }
            else if (ours == referenceCase)
            {
                rows.Add(new PublishedRow(ours, figure.MeanMicroseconds, publishedRatio, measured, 1, "the reference"));
            }
            else
            {
                var ratio = Measured(ratios, ours, referenceCase, measured / measuredReference);
                rows.Add(new PublishedRow(ours, figure.MeanMicroseconds, publishedRatio, measured, ratio.Estimate, Remark(publishedRatio, ratio.Estimate)) { MeasuredInterval = ratios is null ? null : ratio });
            }
        }

        return rows;
    }

    /// <summary>How today's ratio reads against the published one.</summary>
    public static string Remark(double published, double measured)
    {
        var then = Side(published);
        var now = Side(measured);
        return (then, now) switch
        {
            (0, 0) => "same order: about equal then and now",
            _ when then == now => "same order" + Spread(published, measured),
            (0, _) => now > 0 ? "gap opened: about equal then, slower now" : "gap opened: about equal then, faster now",
            (_, 0) => "gap closed: within 10% now",
            _ => "reversed",
        };
    }

    /// <summary>The published experiments beside this run, as a Markdown section of the report.</summary>
    /// <param name="measuredMicroseconds">This run's means by case name (latency, data stream and todo cases).</param>
    /// <param name="requestsPerSecond">This run's throughput by case name (<see cref="ThroughputCases"/>), if it ran.</param>
    /// <param name="ratios">This run's side-by-side ratios, when the ratio phase ran.</param>
    /// <param name="wcfOverWebApi">Per REST operation, this run's WCF rate over Web API's with its interval, when both were loaded in the same rounds.</param>
    /// <param name="overBasicHttp">Per NetTcp configuration, its rate over BasicHttp's with its interval, when they took turns in rounds.</param>
    public static string Markdown(IReadOnlyDictionary<string, double> measuredMicroseconds, IReadOnlyDictionary<string, double>? requestsPerSecond = null, RatioTable? ratios = null,
        IReadOnlyDictionary<string, Interval>? wcfOverWebApi = null, IReadOnlyDictionary<string, Interval>? overBasicHttp = null)
    {
        ArgumentNullException.ThrowIfNull(measuredMicroseconds);
        var text = new StringBuilder();
        text.AppendLine("## Published experiments beside this run");
        text.AppendLine();
        text.AppendLine("The published figures were taken on other hardware and older runtimes (each section below says which experiment, and");
        text.AppendLine("the 2019 latency figures ship with the suite as `tools/ReferenceSuite/Report/Published/seed-latency-2019.csv`): only ratios");
        text.AppendLine($"within one run are compared. A ratio within {ParityBand:0%} of 1 reads as about equal.");
        text.AppendLine();
        text.AppendLine("### 1. Round-trip latency (2019), each stack over WCF text at the same size and item count");
        text.AppendLine();
        var rows = Latency(measuredMicroseconds, ratios);
        string[] headlines = ["SmallAspNetCoreJsonNet-100", "LargeAspNetCoreMessagePack-100", "LargeAspNetCoreMessagePack-1000"];
        text.AppendLine("Headline rows: " + string.Join("; ", headlines.Select(h => rows.Single(r => r.Case == h)).Select(Headline)) + ".");
        text.AppendLine();
        text.AppendLine("| case | published us | published / WCF text | measured us | measured / WCF text | remark |");
        text.AppendLine("|---|---:|---:|---:|---:|---|");
        foreach (var row in rows.OrderBy(r => r.MeasuredRatio is null).ThenBy(r => r.Case, StringComparer.Ordinal))
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {row.Case} | {row.PublishedMicroseconds:#,0.0} | {row.PublishedRatio:0.00}x | {Optional(row.MeasuredMicroseconds, "#,0.0")} | {RatioText(row.MeasuredRatio, row.MeasuredInterval)} | {row.Remark} |"));
        }

        text.AppendLine();
        text.AppendLine("### 2. REST throughput, WCF vs Web API (ApacheBench, 60,000 requests at concurrency 100)");
        text.AppendLine();
        text.AppendLine(RestThroughputTable(requestsPerSecond ?? new Dictionary<string, double>(), wcfOverWebApi));
        text.AppendLine();
        text.AppendLine("### 3. WCF NetTcp vs gRPC (2019), GetDataStream 0..42");
        text.AppendLine();
        text.AppendLine(DataStream(measuredMicroseconds, ratios));
        text.AppendLine();
        text.AppendLine("### 4. gRPC vs Web API vs WCF over todo operations (2020), 5,000 todos, 1 and 10 clients");
        text.AppendLine();
        text.AppendLine(PublishedTodos.Table(measuredMicroseconds, ratios));
        text.AppendLine();
        text.AppendLine($"### 5. NetTcpBinding configuration, {NetTcpConfigCases.Clients} concurrent clients for a fixed time");
        text.AppendLine();
        text.AppendLine(NetTcpConfig(requestsPerSecond ?? new Dictionary<string, double>(), overBasicHttp));
        return text.ToString();
    }

    /// <summary>
    /// The REST throughput experiment's published rates (WCF's service answered raw streams, Web API's controller the same
    /// bytes) beside this run's WCF WebHttp stand-in and controllers, per operation, compared as WCF over Web API.
    /// </summary>
    /// <param name="requestsPerSecond">This run's requests/s by case name (<see cref="ThroughputCases.CaseName"/>).</param>
    /// <param name="wcfOverWebApi">Per operation, WCF's rate over Web API's with its interval, measured in the same rounds.</param>
    public static IReadOnlyList<PublishedThroughputRow> RestThroughput(IReadOnlyDictionary<string, double> requestsPerSecond, IReadOnlyDictionary<string, Interval>? wcfOverWebApi = null)
    {
        ArgumentNullException.ThrowIfNull(requestsPerSecond);
        (string Operation, double WebApi, double? Wcf)[] published =
        [
            (ThroughputCases.Operations[0], 7_460, 8_182),
            (ThroughputCases.Operations[1], 6_873, 6_407),
            (ThroughputCases.Operations[2], 5_953, null),
        ];
        return [.. published.Select(p =>
        {
            // Remarks read time per request, as the latency rows do: "slower" means WCF answers fewer requests a second.
            double? Measured(string stack) => requestsPerSecond.TryGetValue(ThroughputCases.CaseName(p.Operation, stack), out var rate) && rate > 0 ? rate : null;
            var (webApi, wcf) = (Measured(ThroughputCases.Controllers), Measured(ThroughputCases.WcfWebHttp));
            Interval? interval = wcfOverWebApi?.TryGetValue(p.Operation, out var measured) == true ? measured : null;
            var remark = p.Wcf is not { } publishedWcf ? "not comparable: the published chunked PUT timed errors (every answer was non-2xx) and gave no WCF figure"
                : webApi is { } ours && wcf is { } theirs ? Remark(p.WebApi / publishedWcf, interval is { } i ? 1 / i.Estimate : ours / theirs)
                : "not measured in this run";
            return new PublishedThroughputRow(p.Operation, p.WebApi, p.Wcf, webApi, wcf, remark) { MeasuredInterval = interval };
        })];
    }

    private static string RestThroughputTable(IReadOnlyDictionary<string, double> requestsPerSecond, IReadOnlyDictionary<string, Interval>? wcfOverWebApi)
    {
        var text = new StringBuilder();
        text.AppendLine($"WCF's side is the WebHttp raw-stream stand-in (`{ThroughputCases.WcfWebHttp}`: the experiment's service, a `Stream` in and out, read as UTF-8 text and answered re-encoded, buffered and streamed transfer modes); Web API's is the controllers (`{ThroughputCases.Controllers}`). Only correct answers count in this run's rates. Rates are requests/s; the ratio is WCF over Web API, with its 95% interval over the rounds in which both were loaded (a second each, side by side).");
        text.AppendLine();
        text.AppendLine("| operation | published Web API | published WCF | published WCF / Web API | measured Web API | measured WCF | measured WCF / Web API | remark |");
        text.AppendLine("|---|---:|---:|---:|---:|---:|---:|---|");
        foreach (var row in RestThroughput(requestsPerSecond, wcfOverWebApi))
        {
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {row.Operation} | {row.PublishedWebApi:#,0} | {Optional(row.PublishedWcf, "#,0")} | {Optional(row.PublishedRatio, "0.00")} | {Optional(row.MeasuredWebApi, "#,0")} | {Optional(row.MeasuredWcf, "#,0")} | {(row.MeasuredInterval is { } interval ? RatioSection.Format(interval) : Optional(row.MeasuredRatio, "0.00"))} | {row.Remark} |"));
        }

        return text.ToString().TrimEnd();
    }

    /// <summary>
    /// The todo operations experiment (published only as "gRPC fastest overall"): per operation and client count, this
    /// run's mean per stack and whether gRPC (unary, or streaming where it has it) is still the fastest.
    /// </summary>
    /// <param name="measuredMicroseconds">This run's means by case name (<see cref="TodoCases"/>).</param>
    /// <param name="ratios">This run's side-by-side ratios: when given, they pick the fastest of each side and measure the remark's ratio.</param>
    public static IReadOnlyList<PublishedTodoRow> Todos(IReadOnlyDictionary<string, double> measuredMicroseconds, RatioTable? ratios = null) =>
        PublishedTodos.Rows(measuredMicroseconds, ratios);

    /// <summary>
    /// The NetTcp configuration experiment (published as an order, no figures): each configuration's requests/s in this
    /// run, over BasicHttp's, and whether default NetTcp is still slower than BasicHttp and tuned NetTcp the fastest.
    /// </summary>
    /// <param name="requestsPerSecond">This run's requests/s by case name (<see cref="NetTcpConfigCases.CaseName"/>).</param>
    /// <returns>Requests/s per configuration (<see cref="NetTcpConfigCases.Configurations"/>) that ran, and the remark.</returns>
    public static (IReadOnlyDictionary<string, double> Rates, string Remark) NetTcpConfigOrder(IReadOnlyDictionary<string, double> requestsPerSecond)
    {
        ArgumentNullException.ThrowIfNull(requestsPerSecond);
        var rates = new Dictionary<string, double>(StringComparer.Ordinal);
        foreach (var (name, rate) in requestsPerSecond)
        {
            if (NetTcpConfigCases.ConfigurationOf(name) is { } configuration && rate > 0)
            {
                rates[configuration] = rate;
            }
        }

        if (!rates.TryGetValue(NetTcpConfigCases.Default, out var secured) || !rates.TryGetValue(NetTcpConfigCases.Tuned, out var tuned) || !rates.TryGetValue(NetTcpConfigCases.BasicHttp, out var basicHttp))
        {
            return (rates, "not measured in this run");
        }

        // Read as time per request, like every other remark: the published default was slower than BasicHttp.
        var defaultSide = Side(basicHttp / secured);
        var first = defaultSide switch
        {
            1 => "default NetTcp slower than BasicHttp, as published",
            0 => "default NetTcp within 10% of BasicHttp (published: slower)",
            _ => "reversed: default NetTcp faster than BasicHttp",
        };
        var second = tuned > Math.Max(secured, basicHttp) * (1 + ParityBand) ? "tuned NetTcp the fastest by more than 10%, as published"
            : tuned >= Math.Max(secured, basicHttp) ? "tuned NetTcp the fastest, by less than 10%"
            : "reversed: tuned NetTcp not the fastest";
        return (rates, first + "; " + second);
    }

    private static string NetTcpConfig(IReadOnlyDictionary<string, double> requestsPerSecond, IReadOnlyDictionary<string, Interval>? overBasicHttp)
    {
        var (rates, remark) = NetTcpConfigOrder(requestsPerSecond);
        var text = new StringBuilder();
        text.AppendLine("Published: default NetTcp (transport security, port sharing, ListenBacklog and MaxConnections 10) was slower than BasicHttp; with security off and raised limits, self-hosted NetTcp was the fastest; no figures. Measured: EchoSmall-10, each client its own connection, every answer checked (P50/P95/P99 and errors in the throughput table); the configurations take turns in blocks of a second, round after round, and each ratio over BasicHttp has its 95% interval over the rounds. The stand-in's default differs from WCF's in two ways: its transport security is TLS (WCF's default client credential, Windows, negotiates Kerberos or NTLM instead), and it has none of WCF's connection throttles (ListenBacklog and MaxConnections 10 against 100 clients).");
        text.AppendLine();
        text.AppendLine("| configuration | measured req/s | over BasicHttp |");
        text.AppendLine("|---|---:|---:|");
        rates.TryGetValue(NetTcpConfigCases.BasicHttp, out var basicHttp);
        foreach (var configuration in NetTcpConfigCases.Configurations)
        {
            double? rate = rates.TryGetValue(configuration, out var r) ? r : null;
            text.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {configuration} | {Optional(rate, "#,0")} | {(overBasicHttp?.TryGetValue(configuration, out var interval) == true ? RatioSection.Format(interval) : Optional(basicHttp > 0 ? rate / basicHttp : null, "0.00"))} |"));
        }

        text.AppendLine();
        text.Append("Order: " + remark + ".");
        foreach (var (configuration, interval) in overBasicHttp ?? new Dictionary<string, Interval>())
        {
            var reach = RatioBlocks.RelativeHalfWidth(interval);
            if (reach > RatioSection.Needed)
            {
                text.Append(string.Create(CultureInfo.InvariantCulture,
                    $" {configuration} over BasicHttp reaches {RatioSection.Reach(reach)}: a hundred clients' rate varies from one second's block to the next, and {interval.SampleSize} rounds leave its t-interval that wide."));
            }
        }
        return text.ToString();
    }

    private static string Headline(PublishedRow row) => row.MeasuredRatio is { } measured
        ? string.Create(CultureInfo.InvariantCulture, $"{row.Case} {row.PublishedRatio:0.00}x WCF text in 2019, {RatioText(measured, row.MeasuredInterval)} now ({row.Remark})")
        : string.Create(CultureInfo.InvariantCulture, $"{row.Case} {row.PublishedRatio:0.00}x WCF text in 2019, {row.Remark}");

    private static string DataStream(IReadOnlyDictionary<string, double> measured, RatioTable? ratios)
    {
        const double PublishedNetTcp = 211.5, PublishedGrpc = 190.1;
        const string Grpc = "DataStreamGrpcUnary-42", NetTcp = "DataStreamWcfNetTcpTuned-42", Streaming = "DataStreamGrpcServerStreaming-42";
        var published = PublishedGrpc / PublishedNetTcp;
        var line = string.Create(CultureInfo.InvariantCulture, $"Published: NetTcpBinding {PublishedNetTcp} us, gRPC unary {PublishedGrpc} us, gRPC / NetTcp {published:0.00}x; server streaming about 5x NetTcp.");
        if (!measured.TryGetValue(Grpc, out var grpc) || !measured.TryGetValue(NetTcp, out var netTcp))
        {
            return line + " Not measured in this run.";
        }

        var ratio = Measured(ratios, Grpc, NetTcp, grpc / netTcp);
        Interval? streaming = measured.TryGetValue(Streaming, out var streamingUs) ? Measured(ratios, Streaming, NetTcp, streamingUs / netTcp) : null;
        Interval? Shown(Interval? value) => ratios is null ? null : value;
        return line + string.Create(CultureInfo.InvariantCulture, $" Measured: NetTcp (tuned) {netTcp:#,0.0} us, gRPC unary {grpc:#,0.0} us, gRPC / NetTcp {RatioText(ratio.Estimate, Shown(ratio))}: {Remark(published, ratio.Estimate)}.")
            + (streaming is { } s ? $" Server streaming {RatioText(s.Estimate, Shown(s))} NetTcp." : "");
    }

    /// <summary>
    /// A measured ratio: the side-by-side one when the ratio phase timed the two together, else <paramref name="quotient"/>,
    /// the quotient of two means, as an interval of no width from no blocks.
    /// </summary>
    internal static Interval Measured(RatioTable? ratios, string numerator, string denominator, double quotient) =>
        ratios?.Ratio(numerator, denominator) ?? new Interval(quotient, quotient, quotient, 0, 0);

    /// <summary>
    /// A ratio as the tables print it: with its interval when it was measured side by side; a quotient of means is marked as
    /// one when the report's other ratios were measured side by side.
    /// </summary>
    internal static string RatioText(double? ratio, Interval? interval) => interval switch
    {
        { SampleSize: > 0 } measured => RatioSection.Format(measured),
        { } quotient => quotient.Estimate.ToString("0.00", CultureInfo.InvariantCulture) + "x (quotient of means)",
        null => ratio is { } r ? r.ToString("0.00", CultureInfo.InvariantCulture) + "x" : "-",
    };

    /// <summary>Says so when the gap to the reference is more than twice as wide, or less than half as wide, as published.</summary>
    private static string Spread(double published, double measured)
    {
        var then = Math.Abs(Math.Log(published));
        var now = Math.Abs(Math.Log(measured));
        return now > 2 * then ? ", the gap much wider now" : now < then / 2 ? ", the gap much narrower now" : string.Empty;
    }

    internal static string Optional(double? value, string format) => value is { } v ? v.ToString(format, CultureInfo.InvariantCulture) : "-";

    internal static int Side(double ratio) => ratio > 1 + ParityBand ? 1 : ratio < 1 - ParityBand ? -1 : 0;
}
