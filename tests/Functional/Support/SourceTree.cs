using System.Reflection;

namespace PerfAssert.Functional.Support;

/// <summary>Files of the repository, found from the project directory the build records (as <see cref="Snapshot"/> does).</summary>
internal static class SourceTree
{
    private static readonly string ProjectDirectory = typeof(SourceTree).Assembly
        .GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "ProjectDirectory").Value!;

    /// <summary>The full path of <paramref name="relativePath"/> under the repository root (two levels above this project).</summary>
    public static string RepositoryFile(string relativePath) =>
        Path.GetFullPath(Path.Combine(ProjectDirectory, "..", "..", relativePath));
}
