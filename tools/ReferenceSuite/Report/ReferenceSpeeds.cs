using System.Globalization;
using System.Text.Json;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// The yardstick's usual time per call on each machine class (<c>reference-speeds.json</c>, shipped with the suite): the
/// median of its mean over several main-job runs on that class. A run's times are brought to that speed.
/// </summary>
public static class ReferenceSpeeds
{
    private static readonly Lazy<Dictionary<string, Entry>> Entries = new(Load);

    /// <summary>The yardstick's usual time per call in microseconds on <paramref name="machineClass"/>, and where it comes from; null when unknown.</summary>
    public static (double YardstickUs, string Source)? For(string machineClass) =>
        Entries.Value.TryGetValue(machineClass, out var entry)
            ? (entry.YardstickUs, string.Create(CultureInfo.InvariantCulture, $"the median of its mean over {entry.Runs} main-job runs on {entry.Measured}"))
            : null;

    private static Dictionary<string, Entry> Load()
    {
        using var stream = typeof(ReferenceSpeeds).Assembly.GetManifestResourceStream("PerfAssert.ReferenceSuite.Report.reference-speeds.json")
            ?? throw new InvalidOperationException("The suite's reference-speeds.json is not embedded in its assembly.");
        return JsonSerializer.Deserialize<Dictionary<string, Entry>>(stream, new JsonSerializerOptions { PropertyNameCaseInsensitive = true })
            ?? throw new InvalidDataException("reference-speeds.json is empty.");
    }

    private sealed record Entry(double YardstickUs, int Runs, string Measured);
}
