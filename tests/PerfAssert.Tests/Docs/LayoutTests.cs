using System.Text.RegularExpressions;
using System.Xml.Linq;

namespace PerfAssert.Tests.Docs;

/// <summary>
/// The repository's layout shows its design: what ships lives under <c>src/</c> and depends on nothing under
/// <c>tools/</c>; every packable project declares its public API; the README is read in two minutes.
/// </summary>
public sealed class LayoutTests
{
    private static readonly string RepoRoot = DocSnippetTests.RepoRoot;

    public static TheoryData<string> SourceProjects() => [.. Projects("src").Select(p => Path.GetRelativePath(RepoRoot, p).Replace('\\', '/'))];

    [Theory]
    [MemberData(nameof(SourceProjects))]
    public void SourceProject_ReferencesNoProjectUnderTools(string project)
    {
        var path = Path.Combine(RepoRoot, project);
        var directory = Path.GetDirectoryName(path)!;
        var toolsRoot = Path.Combine(RepoRoot, "tools") + Path.DirectorySeparatorChar;

        var intoTools = References(path)
            .Select(r => Path.GetFullPath(Path.Combine(directory, r.Replace('\\', Path.DirectorySeparatorChar))))
            .Where(r => r.StartsWith(toolsRoot, StringComparison.Ordinal))
            .ToList();

        Assert.True(intoTools.Count == 0, $"{project} references {string.Join(", ", intoTools)}: nothing under src/ may depend on tools/");
    }

    [Fact]
    public void EveryPackableProject_DeclaresItsPublicApi()
    {
        var packable = Projects("src").Concat(Projects("tools"))
            .Where(p => Regex.IsMatch(File.ReadAllText(p), @"<IsPackable>\s*true\s*</IsPackable>", RegexOptions.IgnoreCase))
            .ToList();

        Assert.NotEmpty(packable);
        Assert.All(packable, project =>
        {
            var directory = Path.GetDirectoryName(project)!;
            Assert.True(File.Exists(Path.Combine(directory, "PublicAPI.Shipped.txt")), $"{project} has no PublicAPI.Shipped.txt");
            Assert.True(File.Exists(Path.Combine(directory, "PublicAPI.Unshipped.txt")), $"{project} has no PublicAPI.Unshipped.txt");
        });
    }

    [Fact]
    public void Readme_NoParagraphLongerThanTenLines()
    {
        var longest = 0;
        var current = 0;
        var inCode = false;
        foreach (var line in File.ReadLines(Path.Combine(RepoRoot, "README.md")))
        {
            if (line.StartsWith("```", StringComparison.Ordinal))
            {
                inCode = !inCode;
                current = 0;
                continue;
            }

            var prose = !inCode && line.Trim().Length > 0 && !line.StartsWith('|') && !line.StartsWith('#') && !line.StartsWith("<!--", StringComparison.Ordinal);
            current = prose ? current + 1 : 0;
            longest = Math.Max(longest, current);
        }

        Assert.InRange(longest, 1, 10);
    }

    private static IEnumerable<string> Projects(string folder) =>
        Directory.EnumerateFiles(Path.Combine(RepoRoot, folder), "*.csproj", SearchOption.AllDirectories)
            .Where(p => !p.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                && !p.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            .Order(StringComparer.Ordinal);

    private static IEnumerable<string> References(string project) =>
        XDocument.Load(project).Descendants()
            .Where(e => e.Name.LocalName is "ProjectReference" or "Compile" or "None" or "Content" or "Import")
            .Select(e => (string?)e.Attribute("Include") ?? (string?)e.Attribute("Project"))
            .Where(r => r is not null && !r.Contains("$(", StringComparison.Ordinal) && !r.Contains('*', StringComparison.Ordinal))
            .Select(r => r!);
}
