using System.Globalization;
using System.Text;

namespace PerfAssert.ReferenceSuite;

/// <summary>A stop-gap table in the reference's shape until the report renderers land.</summary>
internal static class MarkdownTable
{
    public static string Render(IEnumerable<PerfResult> results)
    {
        var table = new StringBuilder()
            .AppendLine("| method | items | mean (us) | P95 (us) | Gen0/1,000 | Gen1/1,000 | Gen2/1,000 | allocated (KB) |")
            .AppendLine("|---|---:|---:|---:|---:|---:|---:|---:|");
        foreach (var result in results)
        {
            var s = result.Subject;
            var a = s.Allocations!;
            var dash = result.Name.LastIndexOf('-');
            table.AppendLine(string.Create(CultureInfo.InvariantCulture,
                $"| {result.Name[..dash]} | {result.Name[(dash + 1)..]} | {s.MeanNs / 1000:0.0} | {s.PerCall!.P95Ns / 1000:0.0} | {a.Gen0PerThousandOps:0.####} | {a.Gen1PerThousandOps:0.####} | {a.Gen2PerThousandOps:0.####} | {a.BytesPerOp / 1024:0.##} |"));
        }

        return table.ToString();
    }
}
