#if AWESOME_ASSERTIONS
namespace PerfAssert.AwesomeAssertions;
#else
namespace PerfAssert.FluentAssertions;
#endif

/// <summary>
/// Verdict messages go into FluentAssertions failure messages verbatim. FluentAssertions runs every failure message
/// through <see cref="string.Format(IFormatProvider, string, object[])"/>, so literal text has its braces doubled; passing
/// it as an argument instead would quote it.
/// </summary>
internal static class FailureText
{
    public static string Literal(string text) => text.Replace("{", "{{", StringComparison.Ordinal).Replace("}", "}}", StringComparison.Ordinal);

    /// <summary>Each line on its own line after the sentence that introduces it.</summary>
    public static string Lines(IEnumerable<string> lines) =>
        string.Concat(lines.Select(line => System.Environment.NewLine + Literal(line)));
}
