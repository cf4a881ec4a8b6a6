using System.Globalization;
using System.Text.RegularExpressions;
using PerfAssert.Diagnosis;

namespace PerfAssert.Tests.Diagnosis;

public sealed class FoldedStacksTests
{
    private static readonly StackProfile Baseline = new(
        [
            new(["Program.Main", "Orders.GetOrder", "Orders.Validate"], 1_500),
            new(["Program.Main", "Orders.GetOrder", "System.Text.Json.JsonSerializer.Serialize(class System.Object,value class System.ReadOnlySpan`1<wchar>)"], 700),
            new(["Program.Main", "Orders.GetOrder", "Orders.Validate"], 20),
        ],
        10_000,
        TimeSpan.FromMilliseconds(1));

    private static readonly StackProfile Current = new(
        [
            new(["Program.Main", "Orders.GetOrder", "Orders.Validate"], 1_725),
            new(["Program.Main", "Orders.GetOrder", "Orders.NewCheck;Strict"], 90),
        ],
        10_000,
        TimeSpan.FromMilliseconds(1));

    [Fact]
    public void Write_OneLinePerStack_AddsUpToTheProfilesSamples()
    {
        var lines = FoldedStacks.Write(Baseline).TrimEnd('\n').Split('\n');

        Assert.Equal("Program.Main;Orders.GetOrder;Orders.Validate 1520", lines[0]);
        Assert.Equal(2, lines.Length);
        Assert.Equal(Baseline.Samples, lines.Sum(l => long.Parse(l[(l.LastIndexOf(' ') + 1)..], CultureInfo.InvariantCulture)));
    }

    [Fact]
    public void WriteDifferential_EachColumnAddsUpToItsSidesSamples_InTheFormFlameGraphToolsRead()
    {
        var lines = FoldedStacks.WriteDifferential(Baseline, Current).TrimEnd('\n').Split('\n');
        // difffolded.pl's form: the stack, then the first profile's count, then the second's.
        var parsed = lines.Select(l => Regex.Match(l, @"^(.+) (\d+) (\d+)$")).ToList();

        Assert.All(parsed, m => Assert.True(m.Success));
        Assert.Equal(Baseline.Samples, parsed.Sum(m => long.Parse(m.Groups[2].Value, CultureInfo.InvariantCulture)));
        Assert.Equal(Current.Samples, parsed.Sum(m => long.Parse(m.Groups[3].Value, CultureInfo.InvariantCulture)));
        Assert.Contains("Program.Main;Orders.GetOrder;Orders.Validate 1520 1725", lines);
        // A frame's own ';' would split it in two: it is written as ','.
        Assert.Contains("Program.Main;Orders.GetOrder;Orders.NewCheck,Strict 0 90", lines);
    }
}
