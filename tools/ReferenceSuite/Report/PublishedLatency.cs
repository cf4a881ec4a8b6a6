using System.Globalization;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// One figure of the 2019 round-trip latency experiment as published (experiment 1 of the reference suite): the mean of a
/// method such as <c>SmallWcfText</c> at an item count, on the authors' hardware and runtime. Read from
/// <c>Report/Published/seed-latency-2019.csv</c>, embedded in this assembly.
/// </summary>
/// <param name="Method">The published method name, <c>{Small|Large}{Stack}{Format}</c>.</param>
/// <param name="Items">Items per call: 0, 10, 100 or 1000.</param>
/// <param name="MeanMicroseconds">The published mean round trip.</param>
public sealed record PublishedLatency(string Method, int Items, double MeanMicroseconds)
{
    private const string Resource = "PerfAssert.ReferenceSuite.Report.seed-latency-2019.csv";

    /// <summary>Every published figure, in the file's order.</summary>
    public static IReadOnlyList<PublishedLatency> All { get; } = Load();

    /// <summary>
    /// The case of ours that re-creates it (<c>{Method}-{Items}</c>, Utf8Json on ASP.NET Core being System.Text.Json
    /// today), or <see langword="null"/> with why when no stand-in re-creates it.
    /// </summary>
    public (string? Case, string? Why) Ours() =>
        Method.EndsWith("WebApiUtf8Json", StringComparison.Ordinal)
            ? (null, "no stand-in: Web API with the Utf8Json formatter has no counterpart here (ASP.NET Core's System.Text.Json is the Utf8Json row)")
            : (Method.Replace("AspNetCoreUtf8Json", "AspNetCoreStj", StringComparison.Ordinal) + "-" + Items.ToString(CultureInfo.InvariantCulture), null);

    private static List<PublishedLatency> Load()
    {
        using var stream = typeof(PublishedLatency).Assembly.GetManifestResourceStream(Resource)
            ?? throw new InvalidOperationException($"The embedded resource {Resource} is missing from {typeof(PublishedLatency).Assembly.GetName().Name}.");
        using var reader = new StreamReader(stream);
        var header = reader.ReadLine();
        if (header is null || !header.StartsWith("method,item_count,mean_us,", StringComparison.Ordinal))
        {
            throw new InvalidDataException($"{Resource}: expected the header 'method,item_count,mean_us,...', got '{header}'.");
        }

        var figures = new List<PublishedLatency>();
        while (reader.ReadLine() is { Length: > 0 } line)
        {
            var fields = line.Split(',');
            if (fields.Length < 3
                || !int.TryParse(fields[1], NumberStyles.None, CultureInfo.InvariantCulture, out var items)
                || !double.TryParse(fields[2], NumberStyles.Float, CultureInfo.InvariantCulture, out var mean))
            {
                throw new InvalidDataException($"{Resource}: cannot read the line '{line}'.");
            }

            figures.Add(new PublishedLatency(fields[0], items, mean));
        }

        return figures;
    }
}
