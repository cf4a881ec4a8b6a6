using System.Globalization;
using System.Text;
using PerfAssert.Measurement;
using PerfAssert.Verdicts;

namespace PerfAssert.Reporting;

/// <summary>The human-readable form of a result: the verdicts, then one line per measured operation.</summary>
public static class ResultText
{
    /// <summary>Formats the verdicts and what was measured of each operation.</summary>
    public static string Format(PerfResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var text = new StringBuilder();
        foreach (var verdict in result.Verdicts)
        {
            text.AppendLine(verdict.Message);
        }

        Describe(text, result.Subject);
        if (result.Partner is not null)
        {
            Describe(text, result.Partner);
        }

        text.Append(CultureInfo.InvariantCulture, $"calibration {result.Calibration.MeanNs / 1000:0.0} us (spread {result.Calibration.Spread:P0}); seed {result.Seed}; {result.Environment.MachineClass}{(result.Environment.Tiering is { } tiering ? $" ({tiering})" : string.Empty)}; {result.Duration.TotalSeconds:0.0} s");
        return text.ToString();
    }

    /// <summary>
    /// The message of a failed test: its name, then the message of every verdict that fails it (see
    /// <see cref="Verdict.Fails"/>), one per line. Every test-framework adapter throws with this text.
    /// </summary>
    public static string FormatFailure(PerfResult result)
    {
        ArgumentNullException.ThrowIfNull(result);
        var failing = result.Verdicts.Where(v => v.Fails(result.Strict)).Select(v => v.Message);
        return $"Performance budget failed for '{result.Name}':{System.Environment.NewLine}{string.Join(System.Environment.NewLine, failing)}";
    }

    private static void Describe(StringBuilder text, OperationSummary operation)
    {
        text.Append(operation.Name).Append(": mean ").Append(VerdictFormatter.Number(operation.MeanNs / 1000)).Append(" us");
        if (operation.PerCall is { } perCall)
        {
            text.Append(CultureInfo.InvariantCulture, $", median {VerdictFormatter.Number(perCall.MedianNs / 1000)} us, P95 {VerdictFormatter.Number(perCall.P95Ns / 1000)} us, P99 {VerdictFormatter.Number(perCall.P99Ns / 1000)} us ({perCall.Calls} calls)");
        }

        if (operation.Allocations is { } allocations)
        {
            text.Append(CultureInfo.InvariantCulture, $", {VerdictFormatter.Number(allocations.BytesPerOp)} B/op, Gen0/1/2 per 1,000: {allocations.Gen0PerThousandOps:0.##}/{allocations.Gen1PerThousandOps:0.##}/{allocations.Gen2PerThousandOps:0.##}");
        }

        if (operation.Unsettled is { } unsettled)
        {
            text.Append(" (").Append(unsettled).Append(')');
        }
        else if (!operation.WarmupSettled)
        {
            text.Append(" (warm-up did not settle)");
        }

        text.AppendLine();
    }
}
