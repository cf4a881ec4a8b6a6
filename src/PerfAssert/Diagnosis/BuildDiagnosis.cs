using System.Globalization;
using System.Text;

namespace PerfAssert.Diagnosis;

/// <summary>
/// Where the working tree and the reference build differ per call, measured after the verdict on a fresh pair of workers
/// (never during its timed blocks): each side's worker recorded with EventPipe while it serves the measured call for
/// <see cref="PerfOptions.DiagnosisTime"/>, its CPU samples and sampled allocations normalised by the calls it served, and
/// the two compared method by method (<see cref="ProfileComparison"/>) and by allocated type and allocating method
/// (<see cref="AllocationComparison"/>). The files it leaves are in <see cref="Folder"/>.
/// </summary>
internal sealed record BuildDiagnosis(ProfileComparison Cpu, AllocationComparison Allocations, StackProfile CurrentCpu, StackProfile BaselineCpu, TimeSpan PerSide, string Folder)
{
    /// <summary>How many rows of each table a message shows.</summary>
    public const int MessageRows = 6;

    /// <summary>The CPU samples' interval: the runtime's sample profiler takes every thread's stack once a millisecond.</summary>
    public static readonly TimeSpan SampleInterval = TimeSpan.FromMilliseconds(1);

    /// <summary>Both sides' CPU profiles and sampled allocations, for speedscope.</summary>
    public const string SpeedscopeFile = "diagnosis.speedscope.json";

    /// <summary>The differential folded stacks: the reference build's samples, then the working tree's.</summary>
    public const string FoldedFile = "diff.folded";

    /// <summary>The working tree's recording.</summary>
    public const string WorkingTreeTrace = "working-tree.nettrace";

    /// <summary>The reference build's recording.</summary>
    public const string ReferenceTrace = "reference-build.nettrace";

    /// <summary>The files a diagnosis writes into its folder.</summary>
    public static readonly string[] Files = [SpeedscopeFile, FoldedFile, WorkingTreeTrace, ReferenceTrace];

    /// <summary>
    /// The lines a message ends with: the top rows of CPU self time and of allocations by difference per call, each marked
    /// <c>*</c> when more than noise (<c>new</c> and <c>gone</c> for methods one side never ran), the coverage of the
    /// verdict's difference, and the folder of the files.
    /// </summary>
    public string Describe(double latencyDifferenceNanoseconds, double allocationDifferenceBytes)
    {
        var text = new StringBuilder();
        text.Append(CultureInfo.InvariantCulture, $"Where (profiled after the verdict on a fresh pair, {PerSide.TotalSeconds:0.0} s a side: {BaselineCpu.Calls:N0} calls of the reference build, {CurrentCpu.Calls:N0} of the working tree; * more than noise, Poisson counts at a {ProfileComparison.FamilyErrorRate * 100:0}% family error rate):");
        text.AppendLine().Append("  CPU self time per call, reference build -> working tree:");
        foreach (var row in Cpu.Rows.Take(MessageRows))
        {
            var tag = row.IsNew ? " (new)" : row.Vanished ? " (gone)" : string.Empty;
            text.AppendLine().Append(CultureInfo.InvariantCulture,
                $"  {(row.MoreThanNoise ? '*' : ' ')} {Us(row.BaselineSelfNs)} -> {Us(row.CurrentSelfNs)} ({Signed(row.SelfDifferenceNs / 1000, "0.0")} us){tag}  {row.Method}");
        }

        text.AppendLine().Append("  CPU ").Append(Cpu.Coverage(latencyDifferenceNanoseconds));
        text.AppendLine().Append("  allocated bytes per call by type and allocating method, reference build -> working tree:");
        foreach (var row in Allocations.Rows.Take(MessageRows))
        {
            text.AppendLine().Append(CultureInfo.InvariantCulture,
                $"  {(row.MoreThanNoise ? '*' : ' ')} {row.BaselineBytesPerCall:#,0} -> {row.CurrentBytesPerCall:#,0} ({Signed(row.DifferenceBytesPerCall, "#,0")} B +- {1.96 * row.StandardError:#,0})  {row.Type} in {row.Method}");
        }

        text.AppendLine().Append("  allocations ").Append(Allocations.Coverage(allocationDifferenceBytes));
        text.AppendLine().Append("  files: ").Append(Folder).Append(" (").Append(string.Join(", ", Files)).Append(')');
        return text.ToString();
    }

    private static string Us(double nanoseconds) => (nanoseconds / 1000).ToString("0.0", CultureInfo.InvariantCulture);

    private static string Signed(double value, string format) => (value >= 0 ? "+" : "-") + Math.Abs(value).ToString(format, CultureInfo.InvariantCulture);
}
