using System.Diagnostics.CodeAnalysis;
using System.Globalization;
using System.Text.RegularExpressions;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// A latency result's name in the reference suite's shape <c>{Small|Large}{Stack}{Format}-{items}</c>, for example
/// <c>LargeAspNetCoreMinimalStj-100</c>: the one place that takes such names apart.
/// </summary>
/// <param name="Size">The payload kind: <c>Small</c> or <c>Large</c>.</param>
/// <param name="Stack">The stack and format, for example <c>AspNetCoreMinimalStj</c> or <c>WcfText</c>.</param>
/// <param name="Items">How many items each call sends and receives.</param>
public sealed partial record ReferenceCaseName(string Size, string Stack, int Items)
{
    /// <summary>The method name as the 2019 reference table writes it, for example <c>LargeWcfText</c>.</summary>
    public string Method => Size + Stack;

    /// <summary>The payload case shared by every stack, for example <c>Large-100</c>.</summary>
    public string Case => string.Create(CultureInfo.InvariantCulture, $"{Size}-{Items}");

    /// <summary>Whether the payload is the small item (one Guid); small cases sort before large ones.</summary>
    public bool IsSmall => Size == "Small";

    /// <summary>Reads a name such as <c>SmallWcfText-10</c>; false when the name has another shape.</summary>
    public static bool TryParse(string? name, [NotNullWhen(true)] out ReferenceCaseName? caseName)
    {
        caseName = null;
        if (name is null)
        {
            return false;
        }

        var match = Shape().Match(name);
        if (!match.Success || !int.TryParse(match.Groups["items"].ValueSpan, NumberStyles.None, CultureInfo.InvariantCulture, out var items))
        {
            return false;
        }

        caseName = new ReferenceCaseName(match.Groups["size"].Value, match.Groups["stack"].Value, items);
        return true;
    }

    /// <inheritdoc/>
    public override string ToString() => string.Create(CultureInfo.InvariantCulture, $"{Method}-{Items}");

    // Items are capped at 9 digits so the count always fits an int.
    [GeneratedRegex("^(?<size>Small|Large)(?<stack>[A-Z][A-Za-z0-9]*)-(?<items>[0-9]{1,9})$", RegexOptions.CultureInvariant)]
    private static partial Regex Shape();
}
