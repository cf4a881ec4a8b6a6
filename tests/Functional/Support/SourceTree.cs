using System.Reflection;

namespace PerfAssert.Functional.Support;

/// <summary>Files of the repository, found from the project directory the build records (<see cref="Snapshot"/> finds its files from here too).</summary>
internal static class SourceTree
{
    /// <summary>This test project's directory, recorded by the build (deterministic CI builds map source paths to /_/).</summary>
    public static readonly string ProjectDirectory = typeof(SourceTree).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "ProjectDirectory").Value!;

    /// <summary>The full path of <paramref name="relativePath"/> under the repository root (two levels above this project).</summary>
    public static string RepositoryFile(string relativePath) =>
        Path.GetFullPath(Path.Combine(ProjectDirectory, "..", "..", relativePath));
}
