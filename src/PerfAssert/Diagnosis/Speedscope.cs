using System.Text.Json;
using System.Text.Json.Nodes;

namespace PerfAssert.Diagnosis;

/// <summary>
/// Profiles as one speedscope file (speedscope's JSON file format: <c>shared.frames</c> holds every method once, each
/// profile is <c>sampled</c>, its <c>samples</c> the stacks as frame indexes outermost first, its <c>weights</c> what each
/// stack stands for), so both sides of a comparison open side by side in speedscope: their CPU profiles in milliseconds and,
/// where there are any, their sampled allocations in bytes (each allocating stack weighed as the bytes it stands for).
/// </summary>
internal static class Speedscope
{
    /// <summary>The schema speedscope files name.</summary>
    public const string Schema = "https://www.speedscope.app/file-format-schema.json";

    /// <summary>One profile of the file: its name, and its stacks with their weights in <paramref name="Unit"/>.</summary>
    /// <param name="Name">What the profile is (for example <c>working tree: CPU</c>).</param>
    /// <param name="Unit">speedscope's unit: <c>milliseconds</c> or <c>bytes</c>.</param>
    /// <param name="Stacks">Each stack, outermost frame first, with its weight.</param>
    public sealed record Profile(string Name, string Unit, IReadOnlyList<(IReadOnlyList<string> Frames, double Weight)> Stacks);

    /// <summary>A CPU profile: each sample weighs the sampling interval.</summary>
    public static Profile Cpu(string name, StackProfile profile)
    {
        ArgumentNullException.ThrowIfNull(profile);
        return new Profile(name, "milliseconds", [.. profile.Stacks.Select(s => (s.Frames, s.Samples * profile.Interval.TotalMilliseconds))]);
    }

    /// <summary>An allocation profile: each sampled allocation weighs the bytes it stands for, under its allocating stack.</summary>
    public static Profile Allocations(string name, IEnumerable<(IReadOnlyList<string> Frames, SampledAllocation Allocation)> samples)
    {
        ArgumentNullException.ThrowIfNull(samples);
        return new Profile(name, "bytes", [.. samples.Select(s => (s.Frames, AllocationProfile.Weight(s.Allocation.ObjectSize)))]);
    }

    /// <summary>The file holding <paramref name="profiles"/>, the first one shown first.</summary>
    public static string Write(string name, IReadOnlyList<Profile> profiles)
    {
        ArgumentNullException.ThrowIfNull(profiles);
        var frames = new List<string>();
        var index = new Dictionary<string, int>(StringComparer.Ordinal);
        int Frame(string method)
        {
            if (!index.TryGetValue(method, out var i))
            {
                i = frames.Count;
                frames.Add(method);
                index.Add(method, i);
            }

            return i;
        }

        var written = new JsonArray();
        foreach (var profile in profiles)
        {
            var stacks = new JsonArray();
            var weights = new JsonArray();
            var total = 0.0;
            foreach (var (stackFrames, weight) in profile.Stacks.Where(s => s.Frames.Count > 0 && s.Weight > 0))
            {
                stacks.Add(new JsonArray([.. stackFrames.Select(f => (JsonNode)Frame(f))]));
                weights.Add(weight);
                total += weight;
            }

            written.Add(new JsonObject
            {
                ["type"] = "sampled",
                ["name"] = profile.Name,
                ["unit"] = profile.Unit,
                ["startValue"] = 0,
                ["endValue"] = total,
                ["samples"] = stacks,
                ["weights"] = weights,
            });
        }

        var file = new JsonObject
        {
            ["$schema"] = Schema,
            ["name"] = name,
            ["exporter"] = "PerfAssert",
            ["activeProfileIndex"] = 0,
            ["shared"] = new JsonObject { ["frames"] = new JsonArray([.. frames.Select(f => (JsonNode)new JsonObject { ["name"] = f })]) },
            ["profiles"] = written,
        };
        return file.ToJsonString(new JsonSerializerOptions { WriteIndented = false });
    }
}
