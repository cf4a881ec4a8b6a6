using PerfAssert.Hosting.Builds;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>Which program in a build folder is the service: the only one, or the one named after the project the folder was built from.</summary>
public sealed class EntryAssemblyTests : IDisposable
{
    private readonly string _root = Path.Combine(Path.GetTempPath(), "perfassert-entry-" + Guid.NewGuid().ToString("N")[..10]);

    [Fact]
    public void EntryAssembly_OneProgram_IsIt()
    {
        var folder = Folder("src_Other_Other.csproj", "Service");

        Assert.Equal(Path.Combine(folder, "Service.dll"), WorkerProcess.EntryAssembly(folder));
    }

    [Fact]
    public void EntryAssembly_ServiceThatReferencesAnotherProgram_IsTheOneNamedAfterTheProject()
    {
        // What building src/Targets with -o gives since it references the load worker (issue 30).
        var folder = Folder("src_Targets_Targets.csproj", "PerfAssert.Load", "Targets");

        Assert.Equal(Path.Combine(folder, "Targets.dll"), WorkerProcess.EntryAssembly(folder));
    }

    [Fact]
    public void EntryAssembly_TwoProgramsNeitherNamedAfterTheProject_ThrowsNamingThem()
    {
        var folder = Folder("tests_Service.Tests_Service.Tests.csproj", "Service", "Tool");

        var error = Assert.Throws<InvalidOperationException>(() => WorkerProcess.EntryAssembly(folder));

        Assert.Equal(
            $"{folder} should hold one service (one *.runtimeconfig.json, or one named after the project it was built from), but has 2: Service, Tool. Name the service's own project, not its tests.",
            error.Message);
    }

    public void Dispose()
    {
        if (Directory.Exists(_root))
        {
            Directory.Delete(_root, recursive: true);
        }
    }

    private string Folder(string name, params string[] programs)
    {
        var folder = Directory.CreateDirectory(Path.Combine(_root, name)).FullName;
        foreach (var program in programs)
        {
            File.WriteAllText(Path.Combine(folder, program + ".runtimeconfig.json"), "{}");
        }

        return folder;
    }
}
