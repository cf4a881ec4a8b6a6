using System.Text.Json.Nodes;
using System.Text.RegularExpressions;
using PerfAssert.Embedding.Tests.Support;

namespace PerfAssert.Embedding.Tests;

/// <summary>
/// The quick start's xUnit v3 4.x section followed as written, on the packages the fixture packed: the page's project
/// file with the section's package versions, its global.json opt-in to Microsoft.Testing.Platform beside the SDK pin,
/// its AssemblyInfo.cs, and a test whose allocation budget passes beside one whose budget bites, run with a plain
/// <c>dotnet test</c>. Without the opt-in the SDK refuses the project; with the 3.x attribute it does not compile.
/// Allocations are counted exactly and nothing here is timed, so it runs beside the other untimed classes (<see cref="UntimedLaneOne"/>).
/// </summary>
[Collection(UntimedLaneTwo.Name)]
public sealed partial class QuickstartXunitV3FourTests(PackedSample sample) : IDisposable
{
    private readonly QuickstartScratch _quickstart = new(sample);

    private string Root => _quickstart.Root;

    private string Project => _quickstart.Project;

    [Fact]
    public async Task Quickstart_OnXunitV3Four_RunsThroughDotnetTestAndItsBudgetBites()
    {
        var page = await QuickstartScratch.BlocksAsync("docs", "quickstart.md");

        // The repository's SDK pin, and the page's test-runner opt-in beside it.
        var globalJson = JsonNode.Parse(await File.ReadAllTextAsync(Path.Combine(SourceTree.Root, "global.json"), TestContext.Current.CancellationToken))!.AsObject();
        globalJson["test"] = JsonNode.Parse(page["xunit4-global-json"])!["test"]!.DeepClone();
        await File.WriteAllTextAsync(Path.Combine(Root, "global.json"), globalJson.ToJsonString(), TestContext.Current.CancellationToken);
        QuickstartScratch.Ensure(await _quickstart.BashAsync(Root, page["feed"]));

        Directory.CreateDirectory(Project);
        var projectFile = page["project-file"];
        foreach (var reference in page["xunit4-packages"].Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries))
        {
            var id = PackageId().Match(reference).Groups["id"].Value;
            projectFile = Regex.Replace(projectFile, $@"<PackageReference Include=""{Regex.Escape(id)}""[^>]*/>", reference);
        }

        Assert.Contains("\"xunit.v3\" Version=\"4.", projectFile, StringComparison.Ordinal);
        await File.WriteAllTextAsync(Path.Combine(Project, "MyService.PerfTests.csproj"), projectFile, TestContext.Current.CancellationToken);
        QuickstartScratch.Ensure(await _quickstart.BashAsync(Project, "dotnet add package PerfAssert.Xunit --version $version"));
        await File.WriteAllTextAsync(Path.Combine(Project, "AssemblyInfo.cs"), page["xunit4-no-parallel"], TestContext.Current.CancellationToken);
        await File.WriteAllTextAsync(Path.Combine(Project, "JoinTests.cs"), JoinTestsSource.Text("PerfAssert.Xunit", "MyService.PerfTests"), TestContext.Current.CancellationToken);

        var run = await Dotnet.RunAsync(Project, PackedSample.Environment(ci: true), QuickstartScratch.StepTimeout, "test", "-c", "Release");

        TestContext.Current.TestOutputHelper?.WriteLine(run.Output);
        Assert.True(run.ExitCode != 0 && !run.TimedOut, run.Describe());
        Assert.Matches(@"(?m)^\s*failed: 1\s*$", run.Output);
        Assert.Matches(@"(?m)^\s*succeeded: 1\s*$", run.Output);
        Assert.Contains("Join_OverItsAllocationBudget_FailsTheTest", run.Output, StringComparison.Ordinal);
        Assert.Contains("Regression", run.Output, StringComparison.Ordinal);
        Assert.DoesNotContain("VSTest", run.Output, StringComparison.Ordinal);
        Assert.Contains("\"xunit.v3/4.", await File.ReadAllTextAsync(Path.Combine(Project, "obj", "project.assets.json"), TestContext.Current.CancellationToken), StringComparison.Ordinal);
    }

    public void Dispose() => _quickstart.Dispose();

    [GeneratedRegex(@"Include=""(?<id>[^""]+)""")]
    private static partial Regex PackageId();
}
