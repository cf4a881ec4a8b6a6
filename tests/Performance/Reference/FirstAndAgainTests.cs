using PerfAssert.Performance.Support;

namespace PerfAssert.Performance.Reference;

/// <summary>
/// Issue 41's first done-when line: one case of each protocol family (controllers with Newtonsoft.Json, minimal APIs, gRPC,
/// WCF text, NetTcp) measured first in a fresh process and again after ten other cases gives the same figure. The reference
/// suite's <c>--first-and-again</c> mode does the measuring in a fresh process of its own, as the main job measures (the
/// cases' shared code warmed up together first, the quick matrix's options, the runtime's default JIT settings); "first"
/// is the first measurement of that stack in the process, after that shared warm-up. For every family the ratio of the
/// two measurements' batch timings (again / first) must have a 99% interval that holds 1 and an estimate within 5% of 1,
/// and the engine must say both were timed on settled code.
/// </summary>
public sealed class FirstAndAgainTests
{
    /// <summary>How far the estimate may be from 1.</summary>
    private const double Agreement = 0.05;

    /// <summary>The most the suite's process may take before it is killed: it took about 70 s on a loaded 2-core machine.</summary>
    private static readonly TimeSpan Timeout = TimeSpan.FromMinutes(3);

    /// <summary>
    /// Set to 1 to run the suite without the shared warm-up and without any wait for tiered compilation, as before issue 41,
    /// and see this test fail: the check must be able to catch code timed before the JIT promoted it.
    /// </summary>
    private const string UnwarmedVariable = "PERFASSERT_FIRST_AND_AGAIN_UNWARMED";

    [Fact]
    public async Task FamilyCase_FirstInProcessAndAgainAfterTenOthers_Agrees()
    {
        var mode = Environment.GetEnvironmentVariable(UnwarmedVariable) == "1" ? "--first-and-again-unwarmed" : "--first-and-again";
        var (exitCode, timedOut, output) = await SuiteProcess.RunAsync([mode], Timeout, TestContext.Current.CancellationToken);
        TestContext.Current.TestOutputHelper?.WriteLine(output);
        Assert.False(timedOut, $"the reference suite's {mode} did not end within {Timeout.TotalSeconds:0} s and was killed:\n{output}");
        Assert.True(exitCode == 0, $"the reference suite's {mode} exited with {exitCode}:\n{output}");

        var rows = FirstAndAgainRow.Parse(output);
        Assert.True(rows.Count == 5, $"expected one row per protocol family (5), read {rows.Count}:\n{output}");
        var disagreements = rows.SelectMany(Problems).ToList();
        Assert.True(disagreements.Count == 0, $"first and again disagree:\n{string.Join('\n', disagreements)}\n\n{output}");
    }

    private static IEnumerable<string> Problems(FirstAndAgainRow row)
    {
        if (row.Low > 1 || row.High < 1)
        {
            yield return $"{row.Family} ({row.Case}): the ratio's 99% interval {row.Low:0.000} to {row.High:0.000} does not hold 1";
        }

        if (Math.Abs(row.Ratio - 1) > Agreement)
        {
            yield return $"{row.Family} ({row.Case}): again / first is {row.Ratio:0.000}, more than {Agreement:P0} from 1";
        }

        if (row.FirstSettled != "yes" || row.AgainSettled != "yes")
        {
            yield return $"{row.Family} ({row.Case}): timed on unsettled code (first: {row.FirstSettled}; again: {row.AgainSettled})";
        }
    }
}
