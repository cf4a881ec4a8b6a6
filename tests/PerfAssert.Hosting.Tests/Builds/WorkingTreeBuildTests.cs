using PerfAssert.Hosting.Builds;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// The working tree's build for a comparison, right after the team's own build of the same configuration: it compiles
/// nothing again, and its copy holds the service with the projects it references. (Built with <c>-o</c>, the service and
/// its project references were compiled again, since the paths the compiler was given changed: 5 to 8 s for the targets
/// host, and the team's next build compiled them back.)
/// </summary>
public sealed class WorkingTreeBuildTests : IDisposable
{
    private readonly ScratchService _scratch = ScratchService.Create(rounds: 1_000);

    [Fact]
    public async Task BuildWorkingTreeAsync_AfterTheProjectsOwnBuild_CompilesNothingAgainAndCopiesItsOutput()
    {
        using var deadline = Bounded.Within(180);
        _scratch.Write("src/Text/Text.csproj", """
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFramework>net10.0</TargetFramework>
              </PropertyGroup>
            </Project>
            """);
        _scratch.Write("src/Text/Greeting.cs", "namespace Text;\n\npublic static class Greeting\n{\n    public static string Of(string name) => \"hello \" + name;\n}\n");
        var project = Path.Combine(_scratch.Root, ScratchService.Project);
        File.WriteAllText(project, File.ReadAllText(project).Replace("</Project>", "  <ItemGroup>\n    <ProjectReference Include=\"../Text/Text.csproj\" />\n  </ItemGroup>\n</Project>", StringComparison.Ordinal));
        _scratch.Commit("A service with a project reference.");
        var own = await CommandRunner.RunAsync(CommandRunner.Dotnet, ["build", project, "-c", "Release", "-nodeReuse:false", "-v:q", "-nologo"], _scratch.Root, TimeSpan.FromMinutes(2), deadline.Token);
        Assert.True(own.Succeeded, own.Describe());
        var compiled = Compiled();

        var output = await new BaselineBuilder(_scratch.Root).BuildWorkingTreeAsync("working-tree-test", ScratchService.Project, deadline.Token);

        Assert.Equal(compiled, Compiled());
        Assert.True(File.Exists(Path.Combine(output, "Work.dll")), $"no Work.dll in {output}");
        Assert.True(File.Exists(Path.Combine(output, "Text.dll")), $"no Text.dll in {output}");
        Assert.True(File.Exists(Path.Combine(output, "Work.runtimeconfig.json")), $"no Work.runtimeconfig.json in {output}");
    }

    public void Dispose() => _scratch.Dispose();

    /// <summary>When the compiler last wrote each project's assembly.</summary>
    private (DateTime Work, DateTime Text) Compiled() => (
        File.GetLastWriteTimeUtc(Path.Combine(_scratch.Root, "src", "Work", "obj", "Release", "net10.0", "Work.dll")),
        File.GetLastWriteTimeUtc(Path.Combine(_scratch.Root, "src", "Text", "obj", "Release", "net10.0", "Text.dll")));
}
