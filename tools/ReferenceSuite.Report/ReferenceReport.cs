using System.Reflection;
using PerfAssert.Environments;
using PerfAssert.Reporting;
using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// What the reference comparison found, as one model every renderer reads: latency results (named
/// <c>{Small|Large}{Stack}{Format}-{items}</c>), comparisons (results measured against a partner, reported as ratios in
/// a table of their own), optional throughput rows and optional ratios to the physical floor.
/// A pure value: building or rendering it measures nothing and touches no files.
/// </summary>
public sealed class ReferenceReport
{
    private IReadOnlyList<LatencyRow>? _rows;
    private IReadOnlyList<ComparisonRow>? _comparisons;

    /// <summary>Creates a report.</summary>
    /// <param name="results">
    /// The results, in any order: latency rows are sorted by case, then stack; results with a partner are comparisons.
    /// </param>
    /// <param name="throughput">Throughput cases, reported in the order given.</param>
    /// <param name="floorRatios">Ratios to the floor target, reported in the order given.</param>
    public ReferenceReport(IReadOnlyList<PerfResult> results, IReadOnlyList<ThroughputRow>? throughput = null, IReadOnlyList<FloorRatio>? floorRatios = null)
    {
        ArgumentNullException.ThrowIfNull(results);
        if (results.Any(r => r is null))
        {
            throw new ArgumentException("The results contain a null entry.", nameof(results));
        }

        if (throughput?.Any(r => r is null) == true || floorRatios?.Any(r => r is null) == true)
        {
            throw new ArgumentException("The throughput rows and floor ratios may not contain null entries.");
        }

        Results = results;
        Throughput = throughput ?? [];
        FloorRatios = floorRatios ?? [];
    }

    /// <summary>The report's title.</summary>
    /// <value>The default is <c>PerfAssert reference suite</c>.</value>
    public string Title { get; init; } = "PerfAssert reference suite";

    /// <summary>The stack every row is compared with in its own case (for example <c>WcfText</c>), or null for no ratio column.</summary>
    /// <value>The default is null.</value>
    public string? ReferenceStack { get; init; }

    /// <summary>
    /// Ratios to <see cref="ReferenceStack"/> measured side by side (interleaved, with an interval), by case name. When
    /// given, a row's ratio is its entry here (the reference stack's own rows are 1), never a quotient of two means
    /// measured apart; a case without an entry has no ratio. When null, the ratio is the quotient of the two means.
    /// </summary>
    /// <value>The default is null.</value>
    public IReadOnlyDictionary<string, Interval>? ReferenceRatios { get; init; }

    /// <summary>How fast the machine ran, and whether the times are at its class's usual speed; null when not measured.</summary>
    /// <value>The default is null.</value>
    public MachineSpeed? Speed { get; init; }

    /// <summary>Each case's mean in microseconds with its interval, by case name, where the run measured one.</summary>
    /// <value>The default is null.</value>
    public IReadOnlyDictionary<string, Interval>? MeanIntervals { get; init; }

    /// <summary>The tool version written into exports; pin it in snapshot tests.</summary>
    /// <value>The default is the PerfAssert assembly's informational version without its source revision.</value>
    public string ToolVersion { get; init; } = DefaultToolVersion();

    /// <summary>The results as given, comparisons included.</summary>
    public IReadOnlyList<PerfResult> Results { get; }

    /// <summary>The throughput cases as given.</summary>
    public IReadOnlyList<ThroughputRow> Throughput { get; }

    /// <summary>The floor ratios as given.</summary>
    public IReadOnlyList<FloorRatio> FloorRatios { get; }

    /// <summary>The machine of the first result, or null when there are none.</summary>
    public EnvironmentInfo? Environment => Results.Count > 0 ? Results[0].Environment : null;

    /// <summary>
    /// One row per result without a partner, in a stable order: by items, small before large, then stack (ordinal); names
    /// of another shape last, by name. Equal names keep the order given.
    /// </summary>
    public IReadOnlyList<LatencyRow> Rows => _rows ??= BuildRows();

    /// <summary>One row per verdict of every result measured against a partner, in the order given.</summary>
    public IReadOnlyList<ComparisonRow> Comparisons => _comparisons ??=
        [.. Results.Where(r => r.Partner is not null).SelectMany(r => r.Verdicts.Select(v => new ComparisonRow(r, v)))];

    /// <summary>Every verdict of the report: the latency rows' in their order, then the comparisons'.</summary>
    public IEnumerable<Verdict> Verdicts => Rows.SelectMany(r => r.Result.Verdicts).Concat(Comparisons.Select(c => c.Verdict));

    /// <summary>Every row whose name follows the reference shape, for charts.</summary>
    internal IEnumerable<(LatencyRow Row, ReferenceCaseName Name)> ParsedRows =>
        Rows.Where(r => r.CaseName is not null).Select(r => (r, r.CaseName!));

    private List<LatencyRow> BuildRows()
    {
        var parsed = Results.Where(r => r.Partner is null).Select(r => (Result: r, Name: ReferenceCaseName.TryParse(r.Name, out var name) ? name : null)).ToList();
        var references = new Dictionary<(string Size, int Items), double>();
        foreach (var (result, name) in parsed)
        {
            if (name is not null && string.Equals(name.Stack, ReferenceStack, StringComparison.Ordinal))
            {
                references.TryAdd((name.Size, name.Items), result.Subject.MeanNs);
            }
        }

        return parsed
            .Select(p => Row(p.Result, p.Name, references))
            .OrderBy(r => r.CaseName is null ? 1 : 0)
            .ThenBy(r => r.Items ?? 0)
            .ThenBy(r => r.CaseName?.IsSmall == true ? 0 : 1)
            .ThenBy(r => r.CaseName?.Stack ?? r.Result.Name, StringComparer.Ordinal)
            .ToList();
    }

    private LatencyRow Row(PerfResult result, ReferenceCaseName? name, Dictionary<(string Size, int Items), double> references) =>
        RowWithoutMean(result, name, references) with { MeanInterval = MeanIntervals?.TryGetValue(result.Name, out var mean) == true ? mean : null };

    private LatencyRow RowWithoutMean(PerfResult result, ReferenceCaseName? name, Dictionary<(string Size, int Items), double> references)
    {
        if (ReferenceRatios is null)
        {
            return new LatencyRow(result, name, Ratio(result, name, references));
        }

        if (ReferenceRatios.TryGetValue(result.Name, out var measured))
        {
            return new LatencyRow(result, name, measured.Estimate) { RatioInterval = measured };
        }

        var isReference = name is not null && string.Equals(name.Stack, ReferenceStack, StringComparison.Ordinal);
        return new LatencyRow(result, name, isReference ? 1 : null);
    }

    private static double? Ratio(PerfResult result, ReferenceCaseName? name, Dictionary<(string Size, int Items), double> references) =>
        name is not null && references.TryGetValue((name.Size, name.Items), out var referenceNs) && referenceNs > 0
            ? result.Subject.MeanNs / referenceNs
            : null;

    /// <summary>
    /// The report's data as JSON (<c>results.json</c>): title, reference stack, side-by-side ratios, means' intervals, results (latency rows in order, then
    /// comparisons), throughput rows and floor ratios, in <see cref="PerfJson"/>'s form.
    /// </summary>
    public string ToJson() => System.Text.Json.JsonSerializer.Serialize(
        new { Title, ReferenceStack, ReferenceRatios, MeanIntervals, Speed, Results = Rows.Select(r => r.Result).Concat(Results.Where(r => r.Partner is not null)), Throughput, FloorRatios },
        PerfJson.Options);

    private static string DefaultToolVersion()
    {
        var version = typeof(PerfResult).Assembly.GetCustomAttribute<AssemblyInformationalVersionAttribute>()?.InformationalVersion ?? "0.0.0";
        var plus = version.IndexOf('+', StringComparison.Ordinal);
        return plus < 0 ? version : version[..plus];
    }
}
