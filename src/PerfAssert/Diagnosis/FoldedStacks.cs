using System.Globalization;
using System.Text;

namespace PerfAssert.Diagnosis;

/// <summary>
/// Profiles as folded stacks, the text flame-graph tools read: one line per stack, its frames outermost first joined by
/// <c>;</c>, then its sample count (<c>flamegraph.pl</c>, inferno, speedscope's import). The differential form puts the
/// reference side's count and then the judged side's on each line, as <c>difffolded.pl</c> writes them and
/// <c>flamegraph.pl</c> and <c>inferno-diff-folded</c> read them; each column adds up to its side's samples.
/// </summary>
internal static class FoldedStacks
{
    /// <summary>The profile, a line per distinct stack, largest first.</summary>
    public static string Write(StackProfile profile)
    {
        ArgumentNullException.ThrowIfNull(profile);
        var text = new StringBuilder();
        foreach (var (stack, samples) in Fold(profile).OrderByDescending(s => s.Value).ThenBy(s => s.Key, StringComparer.Ordinal))
        {
            text.Append(stack).Append(' ').Append(samples.ToString(CultureInfo.InvariantCulture)).Append('\n');
        }

        return text.ToString();
    }

    /// <summary>Both sides, a line per stack either has: the reference side's samples, then the judged side's.</summary>
    public static string WriteDifferential(StackProfile baseline, StackProfile current)
    {
        ArgumentNullException.ThrowIfNull(baseline);
        ArgumentNullException.ThrowIfNull(current);
        var before = Fold(baseline);
        var after = Fold(current);
        var text = new StringBuilder();
        foreach (var stack in before.Keys.Union(after.Keys, StringComparer.Ordinal).Order(StringComparer.Ordinal))
        {
            text.Append(stack).Append(' ')
                .Append(before.GetValueOrDefault(stack).ToString(CultureInfo.InvariantCulture)).Append(' ')
                .Append(after.GetValueOrDefault(stack).ToString(CultureInfo.InvariantCulture)).Append('\n');
        }

        return text.ToString();
    }

    /// <summary>A frame as the format allows it: no separator, no line break (a generic's arguments keep their commas and spaces).</summary>
    private static string Frame(string method) => method.Replace(';', ',').Replace('\r', ' ').Replace('\n', ' ');

    private static Dictionary<string, long> Fold(StackProfile profile)
    {
        var folded = new Dictionary<string, long>(StringComparer.Ordinal);
        foreach (var stack in profile.Stacks)
        {
            var key = string.Join(';', stack.Frames.Select(Frame));
            folded[key] = folded.GetValueOrDefault(key) + stack.Samples;
        }

        return folded;
    }
}
