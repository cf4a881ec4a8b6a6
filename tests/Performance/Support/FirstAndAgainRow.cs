using System.Globalization;

namespace PerfAssert.Performance.Support;

/// <summary>One family's row of the reference suite's <c>--first-and-again</c> table.</summary>
/// <param name="Family">The protocol family.</param>
/// <param name="Case">The case measured for it.</param>
/// <param name="Ratio">Again / first: the ratio of the two measurements' batch geometric means.</param>
/// <param name="Low">The ratio's 99% interval, lower end.</param>
/// <param name="High">The ratio's 99% interval, upper end.</param>
/// <param name="FirstSettled">"yes", or "no: " and why the first measurement was timed on unsettled code.</param>
/// <param name="AgainSettled">The same for the second measurement.</param>
internal sealed record FirstAndAgainRow(string Family, string Case, double Ratio, double Low, double High, string FirstSettled, string AgainSettled)
{
    /// <summary>The family rows of the suite's table (the columns as the suite prints them), none when there is no table.</summary>
    public static IReadOnlyList<FirstAndAgainRow> Parse(string output)
    {
        var lines = output.Split('\n').Select(l => l.TrimEnd('\r')).ToList();
        var at = lines.FindIndex(l => l.StartsWith("| Family | Case |", StringComparison.Ordinal));
        if (at < 0)
        {
            return [];
        }

        return lines.Skip(at + 2).TakeWhile(l => l.StartsWith('|')).Select(Row).ToList();
    }

    private static FirstAndAgainRow Row(string line)
    {
        // | Family | Case | First us | Again us | Again / first | 99% interval | (diagnostic columns) | First settled | Again settled |
        var cells = line.Trim('|').Split('|').Select(c => c.Trim()).ToArray();
        var interval = cells[5].Split(" to ");
        return new FirstAndAgainRow(cells[0], cells[1], Number(cells[4]), Number(interval[0]), Number(interval[1]), cells[^2], cells[^1]);
    }

    private static double Number(string text) => double.Parse(text, NumberStyles.Float, CultureInfo.InvariantCulture);
}
