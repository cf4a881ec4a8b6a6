using PerfAssert.Embedding.Tests.Support;

namespace PerfAssert.Embedding.Tests;

/// <summary>
/// The PerfAssert.Hosting README's console program followed as written, on the packed packages: a fresh repository with a
/// minimal API (<c>dotnet new web</c>, its <c>Program</c> made public) and the quick start's package source, and beside it
/// a console program with top-level statements that references the service through the README's alias and starts it on
/// ServiceHost outside any test runner, run from the repository root (not its output folder). Nothing here is timed, so it
/// runs beside the other untimed classes (<see cref="UntimedLaneTwo"/>) rather than in the quick start's timed run.
/// </summary>
[Collection(UntimedLaneTwo.Name)]
public sealed class HostingConsoleTests(PackedSample sample) : IDisposable
{
    private static readonly TimeSpan StepTimeout = QuickstartScratch.StepTimeout;
    private readonly QuickstartScratch _scratch = new(sample);

    private string Root => _scratch.Root;

    [Fact]
    public async Task ConsoleProgram_FromTheHostingReadme_StartsTheServiceOutsideATestRunner()
    {
        var page = await QuickstartScratch.BlocksAsync("docs", "quickstart.md");
        var hosting = await QuickstartScratch.BlocksAsync("src", "PerfAssert.Hosting", "README.md");

        // The service a team's repository has, which the console program names: a minimal API's Program made public.
        await _scratch.CreateServiceAsync();
        QuickstartScratch.Ensure(await _scratch.BashAsync(Root, page["feed"]));

        QuickstartScratch.Ensure(await Dotnet.RunAsync(Root, PackedSample.Environment(ci: false), StepTimeout, "new", "console", "-o", "tools/Probe", "--no-restore"));
        var probe = Path.Combine(Root, "tools", "Probe", "Probe.csproj");
        var projectFile = await File.ReadAllTextAsync(probe, TestContext.Current.CancellationToken);
        await File.WriteAllTextAsync(probe, projectFile.Replace("</Project>", $"  <ItemGroup>\n    {hosting["console-reference"].Trim()}\n  </ItemGroup>\n</Project>", StringComparison.Ordinal), TestContext.Current.CancellationToken);
        await File.WriteAllTextAsync(Path.Combine(Root, "tools", "Probe", "Program.cs"), hosting["console-program"], TestContext.Current.CancellationToken);
        QuickstartScratch.Ensure(await _scratch.BashAsync(Root, "dotnet add tools/Probe package PerfAssert.Hosting --version $version"));

        var console = await _scratch.BashAsync(Root, "dotnet run --project tools/Probe");

        Assert.True(console.ExitCode == 0 && !console.TimedOut, console.Describe());
        Assert.Contains("Hello World!", console.Output, StringComparison.Ordinal);
    }

    public void Dispose() => _scratch.Dispose();
}
