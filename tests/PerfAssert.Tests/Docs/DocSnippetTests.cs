using System.Reflection;
using System.Text.RegularExpressions;

namespace PerfAssert.Tests.Docs;

/// <summary>
/// Every C# block in the README and docs is a copy of a region of code that compiles and runs (the sample or the tests):
/// the block is preceded by <c>&lt;!-- snippet: path#name --&gt;</c>, the code marks the region with
/// <c>// begin-snippet: name</c> and <c>// end-snippet</c>, and this test fails when the two drift apart. The block starts
/// with its file's using directives, so a reader who copies it into a file of its own has everything it compiles with. A block that is
/// not a copy but is compiled and run as written, in a fresh repository, by tests/Embedding.Tests/QuickstartTests (or QuickstartXunitV3FourTests, or HostingConsoleTests), is
/// marked <c>&lt;!-- doc-test: name --&gt;</c> instead.
/// </summary>
public sealed partial class DocSnippetTests
{
    internal static readonly string RepoRoot = FindRepoRoot();

    /// <summary>The tests that run the blocks marked <c>&lt;!-- doc-test: name --&gt;</c> as written, in a fresh repository.</summary>
    private static readonly string[] DocTestRunners = ["tests/Embedding.Tests/QuickstartTests.cs", "tests/Embedding.Tests/QuickstartXunitV3FourTests.cs", "tests/Embedding.Tests/HostingConsoleTests.cs"];

    private static readonly string DocTestRunner = string.Join(" or ", DocTestRunners);

    public static TheoryData<string> Documents()
    {
        var documents = new TheoryData<string>();
        foreach (var path in DocumentPaths())
        {
            documents.Add(Path.GetRelativePath(RepoRoot, path).Replace('\\', '/'));
        }

        return documents;
    }

    [Fact]
    public void Documents_AreFound()
    {
        // The theory below must not pass vacuously because the search found nothing.
        Assert.Contains(DocumentPaths(), p => p.EndsWith("README.md", StringComparison.Ordinal));
        Assert.True(DocumentPaths().Count() >= 4, string.Join(", ", DocumentPaths()));
    }

    [Theory]
    [MemberData(nameof(Documents))]
    public void EveryCSharpBlock_IsTheRegionItNames(string document)
    {
        var problems = Check(File.ReadAllText(Path.Combine(RepoRoot, document)), RepoRoot);
        Assert.True(problems.Count == 0, $"{document}:{System.Environment.NewLine}{string.Join(System.Environment.NewLine, problems)}");
    }

    [Fact]
    public void Check_BlockWithoutMarker_IsReported()
    {
        var problems = Check("text\n```csharp\nvar x = 1;\n```\n", RepoRoot);

        Assert.Contains(problems, p => p.Contains("no '<!-- snippet: path#name -->' marker", StringComparison.Ordinal));
    }

    [Fact]
    public void Check_BlockThatDriftedFromItsRegion_IsReportedWithTheCurrentCode()
    {
        using var temp = new Support.TempDirectory();
        File.WriteAllText(Path.Combine(temp.Path, "Example.cs"), "class C\n{\n    // begin-snippet: demo\n    int X() => 1;\n    // end-snippet\n}\n");

        var same = Check("<!-- snippet: Example.cs#demo -->\n```csharp\nint X() => 1;\n```\n", temp.Path);
        var drifted = Check("<!-- snippet: Example.cs#demo -->\n```csharp\nint X() => 2;\n```\n", temp.Path);
        var missing = Check("<!-- snippet: Example.cs#other -->\n```csharp\nint X() => 1;\n```\n", temp.Path);

        File.WriteAllText(Path.Combine(temp.Path, "WithUsings.cs"), "using PerfAssert.Hosting.Builds;\nusing PerfAssert.Tests.Support;\n\nclass C\n{\n    // begin-snippet: demo\n    int X() => 1;\n    // end-snippet\n}\n");
        var withoutUsing = Check("<!-- snippet: WithUsings.cs#demo -->\n```csharp\nint X() => 1;\n```\n", temp.Path);
        var withUsing = Check("<!-- snippet: WithUsings.cs#demo -->\n```csharp\nusing PerfAssert.Hosting.Builds;\n\nint X() => 1;\n```\n", temp.Path);

        Assert.Empty(same);
        Assert.Contains(withoutUsing, p => p.Contains("using PerfAssert.Hosting.Builds;", StringComparison.Ordinal));
        Assert.Empty(withUsing);
        Assert.Contains(drifted, p => p.Contains("int X() => 1;", StringComparison.Ordinal));
        Assert.Contains(missing, p => p.Contains("no region 'other'", StringComparison.Ordinal));
    }

    private static IEnumerable<string> DocumentPaths()
    {
        var top = new[] { Path.Combine(RepoRoot, "README.md") };
        var docs = Directory.Exists(Path.Combine(RepoRoot, "docs"))
            ? Directory.EnumerateFiles(Path.Combine(RepoRoot, "docs"), "*.md", SearchOption.AllDirectories)
            : [];
        var samples = Directory.Exists(Path.Combine(RepoRoot, "samples"))
            ? Directory.EnumerateFiles(Path.Combine(RepoRoot, "samples"), "*.md", SearchOption.AllDirectories)
                .Where(p => !p.Contains($"{Path.DirectorySeparatorChar}bin{Path.DirectorySeparatorChar}", StringComparison.Ordinal)
                         && !p.Contains($"{Path.DirectorySeparatorChar}obj{Path.DirectorySeparatorChar}", StringComparison.Ordinal))
            : [];
        var packages = Directory.EnumerateFiles(Path.Combine(RepoRoot, "src"), "README.md", SearchOption.AllDirectories);
        return top.Concat(docs).Concat(samples).Concat(packages).Where(File.Exists).Order(StringComparer.Ordinal);
    }

    /// <summary>Every problem found in one Markdown document; empty when each C# block equals the region it names.</summary>
    private static List<string> Check(string markdown, string root)
    {
        var problems = new List<string>();
        var lines = markdown.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        for (var i = 0; i < lines.Length; i++)
        {
            if (lines[i].Trim() != "```csharp")
            {
                continue;
            }

            var end = Array.FindIndex(lines, i + 1, l => l.Trim() == "```");
            if (end < 0)
            {
                problems.Add($"line {i + 1}: the C# block never closes");
                break;
            }

            var block = string.Join('\n', lines[(i + 1)..end]);
            var marker = i > 0 ? MarkerPattern().Match(lines[i - 1]) : Match.Empty;
            var run = i > 0 ? DocTestPattern().Match(lines[i - 1]) : Match.Empty;
            if (run.Success)
            {
                // Not quoted but run verbatim: the test that compiles and runs the block must still name it.
                var runners = DocTestRunners.Select(r => Path.Combine(root, r)).Where(File.Exists);
                if (!runners.Any(r => File.ReadAllText(r).Contains($"\"{run.Groups["name"].Value}\"", StringComparison.Ordinal)))
                {
                    problems.Add($"line {i + 1}: '<!-- doc-test: {run.Groups["name"].Value} -->' but {DocTestRunner} does not run a block of that name");
                }
            }
            else if (!marker.Success)
            {
                problems.Add($"line {i + 1}: a C# block with no '<!-- snippet: path#name -->' marker on the line before it (or '<!-- doc-test: name -->' for a block {DocTestRunner} runs); quote compiled code instead");
            }
            else
            {
                var source = Path.Combine(root, marker.Groups["path"].Value);
                var region = File.Exists(source) ? Quoted(File.ReadAllText(source), marker.Groups["name"].Value) : null;
                if (!File.Exists(source))
                {
                    problems.Add($"line {i + 1}: '{marker.Groups["path"].Value}' does not exist");
                }
                else if (region is null)
                {
                    problems.Add($"line {i + 1}: '{marker.Groups["path"].Value}' has no region '{marker.Groups["name"].Value}' (// begin-snippet: {marker.Groups["name"].Value} ... // end-snippet)");
                }
                else if (region != block)
                {
                    problems.Add($"line {i + 1}: the block differs from {marker.Groups["path"].Value}#{marker.Groups["name"].Value}; the code now reads:\n{region}");
                }
            }

            i = end;
        }

        return problems;
    }

    /// <summary>
    /// What a block quoting the region must read so that it compiles when copied into a file of its own: the source file's
    /// using directives (all but the repository's own test namespaces, which a user does not have), a blank line, then the
    /// region. Without them a copied fixture fails with CS0246, as the quick start's ServiceBuilds did.
    /// </summary>
    private static string? Quoted(string code, string name)
    {
        var region = Region(code, name);
        var usings = code.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n')
            .Select(l => UsingPattern().Match(l))
            .Where(m => m.Success && !IsRepositoryTestNamespace(m.Groups["namespace"].Value))
            .Select(m => m.Value.Trim())
            .ToList();
        return region is null || usings.Count == 0 ? region : string.Join('\n', usings) + "\n\n" + region;
    }

    private static bool IsRepositoryTestNamespace(string name) =>
        name == "InvoiceBenchmarks" || name.StartsWith("PerfAssert.Targets", StringComparison.Ordinal) ||
        name.EndsWith(".Tests", StringComparison.Ordinal) || name.Contains(".Tests.", StringComparison.Ordinal);

    /// <summary>The lines between the region's markers, with their common indentation removed.</summary>
    private static string? Region(string code, string name)
    {
        var lines = code.Replace("\r\n", "\n", StringComparison.Ordinal).Split('\n');
        var start = Array.FindIndex(lines, l => l.Trim() == $"// begin-snippet: {name}");
        if (start < 0)
        {
            return null;
        }

        var end = Array.FindIndex(lines, start + 1, l => l.Trim() == "// end-snippet");
        if (end < 0)
        {
            return null;
        }

        var body = lines[(start + 1)..end];
        var indent = body.Where(l => l.Trim().Length > 0).Select(l => l.Length - l.TrimStart().Length).DefaultIfEmpty(0).Min();
        return string.Join('\n', body.Select(l => l.Length >= indent ? l[indent..] : l.TrimStart()));
    }

    private static string FindRepoRoot()
    {
        var project = typeof(DocSnippetTests).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "ProjectDirectory").Value!;
        for (var directory = new DirectoryInfo(project); directory is not null; directory = directory.Parent)
        {
            if (File.Exists(Path.Combine(directory.FullName, "PerfAssert.sln")))
            {
                return directory.FullName;
            }
        }

        throw new InvalidOperationException($"No PerfAssert.sln above {project}.");
    }

    [GeneratedRegex(@"^using (?<namespace>[\w.]+);\s*$")]
    private static partial Regex UsingPattern();

    [GeneratedRegex(@"^\s*<!--\s*doc-test:\s*(?<name>[\w.-]+)\s*-->\s*$")]
    private static partial Regex DocTestPattern();

    [GeneratedRegex(@"^\s*<!--\s*snippet:\s*(?<path>[^#\s]+)#(?<name>[\w.-]+)\s*-->\s*$")]
    private static partial Regex MarkerPattern();
}
