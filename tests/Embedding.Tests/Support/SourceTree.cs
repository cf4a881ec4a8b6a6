using System.Reflection;

namespace PerfAssert.Embedding.Tests.Support;

/// <summary>The repository these tests were built from, and a way to copy it as a fresh clone would have it.</summary>
internal static class SourceTree
{
    // Build output, test results, packages, git metadata (a worktree's .git is a file) and editor state: none of it belongs in the copy.
    private static readonly HashSet<string> Skipped = new(["bin", "obj", "TestResults", "artifacts", ".git", ".vs", ".idea"], StringComparer.OrdinalIgnoreCase);

    public static string Root { get; } = typeof(SourceTree).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>()
        .Single(a => a.Key == "RepositoryRoot").Value!;

    /// <summary>Copies the repository to <paramref name="destination"/> without build output or candidate baselines.</summary>
    public static void CopyTo(string destination)
    {
        if (!File.Exists(Path.Combine(Root, "PerfAssert.sln")))
        {
            throw new DirectoryNotFoundException($"No PerfAssert.sln in {Root}: the test assembly's RepositoryRoot metadata is stale; rebuild tests/Embedding.Tests.");
        }

        Copy(new DirectoryInfo(Root), destination);
    }

    /// <summary>Copies the folder <paramref name="source"/> to <paramref name="destination"/>, leaving out what <see cref="CopyTo"/> leaves out.</summary>
    public static void CopyFolder(string source, string destination) => Copy(new DirectoryInfo(source), destination);

    private static void Copy(DirectoryInfo source, string destination)
    {
        Directory.CreateDirectory(destination);
        foreach (var file in source.EnumerateFiles().Where(f => !Skipped.Contains(f.Name) && !f.Name.EndsWith(".received.json", StringComparison.OrdinalIgnoreCase)))
        {
            file.CopyTo(Path.Combine(destination, file.Name));
        }

        foreach (var directory in source.EnumerateDirectories().Where(d => !Skipped.Contains(d.Name) && !d.Attributes.HasFlag(FileAttributes.ReparsePoint)))
        {
            Copy(directory, Path.Combine(destination, directory.Name));
        }
    }
}
