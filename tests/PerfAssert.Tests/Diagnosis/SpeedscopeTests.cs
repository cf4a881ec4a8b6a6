using System.Text.Json;
using PerfAssert.Diagnosis;

namespace PerfAssert.Tests.Diagnosis;

/// <summary>The speedscope file, checked against the shape of speedscope's file format: what its schema requires of a sampled profile.</summary>
public sealed class SpeedscopeTests
{
    private static readonly StackProfile Reference = new(
        [new(["Program.Main", "Orders.GetOrder", "Orders.Validate"], 1_500), new(["Program.Main", "Orders.GetOrder"], 300)], 10_000, TimeSpan.FromMilliseconds(1));

    private static readonly StackProfile WorkingTree = new(
        [new(["Program.Main", "Orders.GetOrder", "Orders.Validate"], 1_725), new(["Program.Main", "Orders.GetOrder", "Orders.NewCheck"], 90)], 10_000, TimeSpan.FromMilliseconds(0.5));

    [Fact]
    public void Write_BothSidesCpuAndAllocations_IsAValidSpeedscopeFileWhoseWeightsAddUp()
    {
        var allocations = new (IReadOnlyList<string>, SampledAllocation)[]
        {
            (["Program.Main", "Orders.GetOrder", "Orders.Encode"], new SampledAllocation("System.Byte[]", "Orders.Encode", 4024)),
            (["Program.Main", "Orders.GetOrder", "Orders.Encode"], new SampledAllocation("System.Byte[]", "Orders.Encode", 4024)),
        };

        var text = Speedscope.Write("GET /orders/42: working tree against reference build 1a2b3c4d5e6f",
        [
            Speedscope.Cpu("reference build: CPU", Reference),
            Speedscope.Cpu("working tree: CPU", WorkingTree),
            Speedscope.Allocations("working tree: allocations", allocations),
        ]);

        using var file = JsonDocument.Parse(text);
        var root = file.RootElement;
        Assert.Equal(Speedscope.Schema, root.GetProperty("$schema").GetString());
        var frames = root.GetProperty("shared").GetProperty("frames").EnumerateArray().Select(f => f.GetProperty("name").GetString()).ToList();
        Assert.Equal(frames.Count, frames.Distinct().Count());
        Assert.Equal(["Program.Main", "Orders.GetOrder", "Orders.Validate", "Orders.NewCheck", "Orders.Encode"], frames);
        var profiles = root.GetProperty("profiles").EnumerateArray().ToList();
        Assert.Equal(3, profiles.Count);
        Assert.InRange(root.GetProperty("activeProfileIndex").GetInt32(), 0, profiles.Count - 1);
        foreach (var profile in profiles)
        {
            Assert.Equal("sampled", profile.GetProperty("type").GetString());
            Assert.Contains(profile.GetProperty("unit").GetString(), new[] { "milliseconds", "bytes" });
            var samples = profile.GetProperty("samples").EnumerateArray().ToList();
            var weights = profile.GetProperty("weights").EnumerateArray().Select(w => w.GetDouble()).ToList();
            Assert.Equal(samples.Count, weights.Count);
            Assert.All(samples, s => Assert.All(s.EnumerateArray(), i => Assert.InRange(i.GetInt32(), 0, frames.Count - 1)));
            Assert.Equal(weights.Sum(), profile.GetProperty("endValue").GetDouble() - profile.GetProperty("startValue").GetDouble(), 6);
        }

        // A side's CPU weights are its samples times its interval (here 0.5 ms); the allocations, the bytes their reports stand for.
        Assert.Equal(907.5, profiles[1].GetProperty("endValue").GetDouble(), 6);
        Assert.Equal(2 * AllocationProfile.Weight(4024), profiles[2].GetProperty("endValue").GetDouble(), 6);
        Assert.Equal([0, 1, 2], profiles[0].GetProperty("samples")[0].EnumerateArray().Select(i => i.GetInt32()));
    }
}
