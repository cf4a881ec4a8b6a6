using System.Globalization;
using System.Text.Json;
using PerfAssert.Environments;

namespace PerfAssert.BenchmarkDotNet.Json;

/// <summary>
/// A BenchmarkDotNet full JSON export (<c>*-report-full.json</c>, from <c>[JsonExporterAttribute.Full]</c> or
/// <c>--exporters json</c>) read without any BenchmarkDotNet reference. Files from another tool, from a BenchmarkDotNet
/// version whose format this code does not know, or with missing fields are rejected naming the file.
/// </summary>
public sealed record BenchmarkDotNetReport
{
    /// <summary>The newest BenchmarkDotNet version (major.minor) whose export format this reader knows.</summary>
    public static readonly Version NewestKnownVersion = new(0, 15);

    /// <summary>The file it was read from.</summary>
    public required string Path { get; init; }

    /// <summary>The run's title.</summary>
    public required string Title { get; init; }

    /// <summary>The BenchmarkDotNet version that wrote it.</summary>
    public required string ToolVersion { get; init; }

    /// <summary>The benchmarks, in file order.</summary>
    public required IReadOnlyList<BenchmarkDotNetEntry> Benchmarks { get; init; }

    /// <summary>
    /// The machine and runtime BenchmarkDotNet ran on, from the file's <c>HostEnvironmentInfo</c> (what it does not say
    /// reads <c>other</c>, 0 cores or <c>unknown</c>; it does not record the garbage collector's mode, which reads as
    /// workstation, BenchmarkDotNet's default).
    /// </summary>
    public required EnvironmentInfo Environment { get; init; }

    /// <summary>Reads and checks a full JSON export.</summary>
    public static BenchmarkDotNetReport Read(string path)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(path);
        if (!File.Exists(path))
        {
            throw new BenchmarkBridgeException($"{path}: no such BenchmarkDotNet JSON file.");
        }

        try
        {
            using var document = JsonDocument.Parse(File.ReadAllText(path));
            return Parse(path, document.RootElement);
        }
        catch (JsonException e)
        {
            throw new BenchmarkBridgeException($"{path}: not JSON ({e.Message}).", e);
        }
    }

    private static BenchmarkDotNetReport Parse(string path, JsonElement root)
    {
        if (root.ValueKind != JsonValueKind.Object || !root.TryGetProperty("HostEnvironmentInfo", out var host)
            || !host.TryGetProperty("BenchmarkDotNetCaption", out var caption) || caption.GetString() != "BenchmarkDotNet")
        {
            throw new BenchmarkBridgeException($"{path}: not a BenchmarkDotNet full JSON export (no HostEnvironmentInfo.BenchmarkDotNetCaption \"BenchmarkDotNet\"); export with BenchmarkDotNet's JsonExporter.Full.");
        }

        var version = Required(path, host, "BenchmarkDotNetVersion", "HostEnvironmentInfo").GetString() ?? string.Empty;
        var numeric = version.Split('-', '+')[0];
        if (!Version.TryParse(numeric, out var parsed) || new Version(parsed.Major, parsed.Minor) > NewestKnownVersion)
        {
            throw new BenchmarkBridgeException($"{path}: written by BenchmarkDotNet {version}, newer than the {NewestKnownVersion} format this reader knows; update PerfAssert.BenchmarkDotNet.");
        }

        var benchmarks = Required(path, root, "Benchmarks", "the file");
        if (benchmarks.ValueKind != JsonValueKind.Array)
        {
            throw new BenchmarkBridgeException($"{path}: 'Benchmarks' is not an array.");
        }

        return new BenchmarkDotNetReport
        {
            Path = path,
            Title = root.TryGetProperty("Title", out var title) ? title.GetString() ?? string.Empty : string.Empty,
            ToolVersion = version,
            Benchmarks = [.. benchmarks.EnumerateArray().Select((b, i) => Entry(path, b, i))],
            Environment = Host(host),
        };
    }

    private static EnvironmentInfo Host(JsonElement host)
    {
        string? Text(string name) => host.TryGetProperty(name, out var value) && value.ValueKind == JsonValueKind.String ? value.GetString() : null;
        var os = Text("OsVersion") ?? string.Empty;
        var runtime = System.Text.RegularExpressions.Regex.Match(Text("RuntimeVersion") ?? string.Empty, @"[0-9]+\.[0-9]+\.[0-9]+", System.Text.RegularExpressions.RegexOptions.None, TimeSpan.FromSeconds(1));
        return new EnvironmentInfo
        {
            Os = os.Contains("Windows", StringComparison.OrdinalIgnoreCase) ? "windows"
                : os.Contains("macOS", StringComparison.OrdinalIgnoreCase) || os.Contains("Darwin", StringComparison.OrdinalIgnoreCase) ? "osx"
                : os.Contains("Linux", StringComparison.OrdinalIgnoreCase) || os.Contains("Ubuntu", StringComparison.OrdinalIgnoreCase) ? "linux"
                : "other",
            Architecture = (Text("Architecture") ?? "unknown").ToLowerInvariant(),
            Cores = host.TryGetProperty("LogicalCoreCount", out var cores) && cores.ValueKind == JsonValueKind.Number ? cores.GetInt32() : 0,
            Runtime = runtime.Success ? runtime.Value : "unknown",
            ServerGc = false,
        };
    }

    private static BenchmarkDotNetEntry Entry(string path, JsonElement benchmark, int index)
    {
        var where = $"Benchmarks[{index}]";
        var type = Required(path, benchmark, "Type", where).GetString();
        var method = Required(path, benchmark, "Method", where).GetString();
        var fullName = Required(path, benchmark, "FullName", where).GetString() ?? string.Empty;
        var parameters = benchmark.TryGetProperty("Parameters", out var p) ? p.GetString() : null;
        var statistics = Required(path, benchmark, "Statistics", where);
        if (statistics.ValueKind != JsonValueKind.Object)
        {
            throw new BenchmarkBridgeException($"{path}: {where} ({fullName}) has no statistics: the benchmark failed in BenchmarkDotNet's run.");
        }

        var mean = Required(path, statistics, "Mean", where + ".Statistics").GetDouble();
        // BenchmarkDotNet's full name ends with the parameters and arguments as the bridge's case ids write them: (Rows: 16).
        var values = fullName.IndexOf('(', StringComparison.Ordinal) is var open and >= 0 ? fullName[open..]
            : string.IsNullOrEmpty(parameters) ? string.Empty : $"[{parameters}]";
        var id = $"{type}.{method}{values}";
        var hasMemory = benchmark.TryGetProperty("Memory", out var memory) && memory.ValueKind == JsonValueKind.Object;
        double? bytes = hasMemory ? Required(path, memory, "BytesAllocatedPerOperation", where + ".Memory").GetDouble() : null;
        var operations = hasMemory && memory.TryGetProperty("TotalOperations", out var total) && total.ValueKind == JsonValueKind.Number ? total.GetInt64() : 0;
        double PerThousand(string name) => memory.TryGetProperty(name, out var count) && count.ValueKind == JsonValueKind.Number ? count.GetDouble() * 1000 / operations : 0;
        return new BenchmarkDotNetEntry
        {
            Id = id,
            FullName = fullName,
            MeanNs = mean,
            Samples = statistics.TryGetProperty("N", out var n) ? n.GetInt32() : 0,
            BytesAllocatedPerOperation = bytes,
            MemoryOperations = operations,
            CollectionsPerThousandOps = operations > 0 ? (PerThousand("Gen0Collections"), PerThousand("Gen1Collections"), PerThousand("Gen2Collections")) : null,
        };
    }

    private static JsonElement Required(string path, JsonElement parent, string name, string where) =>
        parent.ValueKind == JsonValueKind.Object && parent.TryGetProperty(name, out var value) && value.ValueKind != JsonValueKind.Null
            ? value
            : throw new BenchmarkBridgeException(string.Create(CultureInfo.InvariantCulture, $"{path}: {where} has no '{name}'."));
}
