using System.Text;

namespace PerfAssert.Reporting;

/// <summary>Escaping and line helpers every Markdown report shares: invariant text, LF line ends.</summary>
internal static class MarkdownText
{
    /// <summary>Escapes text for a table cell or heading: nothing in a name may end a cell, start markup or inject HTML.</summary>
    public static string Cell(string value)
    {
        var text = new StringBuilder(value.Length);
        foreach (var c in value)
        {
            _ = c switch
            {
                '\\' or '|' or '*' or '_' or '`' or '[' or ']' or '#' => text.Append('\\').Append(c),
                '<' => text.Append("&lt;"),
                '>' => text.Append("&gt;"),
                '&' => text.Append("&amp;"),
                '\r' or '\n' => text.Append(' '),
                _ => text.Append(c),
            };
        }

        return text.ToString();
    }

    /// <summary>A code span that shows the text verbatim, fenced by one more backtick than the longest run inside.</summary>
    public static string Code(string value)
    {
        var flat = value.ReplaceLineEndings(" ");
        var longest = 0;
        var run = 0;
        foreach (var c in flat)
        {
            run = c == '`' ? run + 1 : 0;
            longest = Math.Max(longest, run);
        }

        var fence = new string('`', longest + 1);
        return fence + (longest > 0 ? " " + flat + " " : flat) + fence;
    }

    public static void Line(StringBuilder text, string line = "") => text.Append(line).Append('\n');
}
