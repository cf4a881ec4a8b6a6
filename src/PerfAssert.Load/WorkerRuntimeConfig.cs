using System.Globalization;
using System.Text;

namespace PerfAssert.Load;

/// <summary>
/// The worker's runtime configuration, for a worker whose assembly came from a package: NuGet puts the assembly in the
/// consumer's output but not the <c>.runtimeconfig.json</c> its own build writes, so the worker is started with
/// <c>dotnet exec --runtimeconfig</c> on this one, written once per runtime version to a temporary folder. It says what
/// the project file says (a test compares the two): the server GC without background collections, no tiered compilation
/// (every method compiled once, optimized, before the measured run), invariant globalization.
/// </summary>
internal static class WorkerRuntimeConfig
{
    /// <summary>The settings, as the project's build writes them under <c>configProperties</c>.</summary>
    public static IReadOnlyDictionary<string, bool> Properties { get; } = new Dictionary<string, bool>(StringComparer.Ordinal)
    {
        ["System.GC.Concurrent"] = false,
        ["System.GC.Server"] = true,
        ["System.Globalization.Invariant"] = true,
        ["System.Globalization.PredefinedCulturesOnly"] = true,
        ["System.Reflection.Metadata.MetadataUpdater.IsSupported"] = false,
        ["System.Runtime.Serialization.EnableUnsafeBinaryFormatterSerialization"] = false,
        ["System.Runtime.TieredCompilation"] = false,
    };

    /// <summary>The configuration's text for this process's runtime version (the worker rolls forward like any app).</summary>
    public static string Text()
    {
        var version = string.Create(CultureInfo.InvariantCulture, $"{Environment.Version.Major}.{Environment.Version.Minor}.0");
        var text = new StringBuilder();
        text.Append("{\"runtimeOptions\":{\"tfm\":\"net").Append(Environment.Version.Major).Append('.').Append(Environment.Version.Minor)
            .Append("\",\"framework\":{\"name\":\"Microsoft.NETCore.App\",\"version\":\"").Append(version).Append("\"},\"configProperties\":{");
        text.AppendJoin(',', Properties.Select(p => $"\"{p.Key}\":{(p.Value ? "true" : "false")}"));
        return text.Append("}}}").ToString();
    }

    private static readonly Lazy<string> Written = new(WriteFile);

    /// <summary>The configuration's path, written the first time a worker needs it in this process (a complete file is never rewritten).</summary>
    public static string Write() => Written.Value;

    private static string WriteFile()
    {
        var text = Text();
        var folder = Path.Combine(Path.GetTempPath(), "perfassert-load-worker");
        var path = Path.Combine(folder, string.Create(CultureInfo.InvariantCulture, $"PerfAssert.Load.{Environment.Version}.{Convert.ToHexStringLower(System.Security.Cryptography.SHA256.HashData(Encoding.UTF8.GetBytes(text)))[..12]}.runtimeconfig.json"));
        if (File.Exists(path) && File.ReadAllText(path) == text)
        {
            return path;
        }

        Directory.CreateDirectory(folder);
        // Written beside and moved into place: a second test process starting a worker at the same moment reads either no
        // file or the whole of it.
        var partial = path + "." + Guid.NewGuid().ToString("N") + ".tmp";
        File.WriteAllText(partial, text);
        File.Move(partial, path, overwrite: true);
        return path;
    }
}
