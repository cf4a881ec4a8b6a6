using System.Security.Cryptography;

namespace PerfAssert.Tests.Support;

/// <summary>Every file and folder under a root with a hash of each file's bytes: compare two to prove nothing changed.</summary>
internal static class DirectorySnapshot
{
    public static SortedDictionary<string, string> Take(string root)
    {
        var snapshot = new SortedDictionary<string, string>(StringComparer.Ordinal);
        foreach (var directory in Directory.GetDirectories(root, "*", SearchOption.AllDirectories))
        {
            snapshot[Path.GetRelativePath(root, directory) + "/"] = "folder";
        }

        foreach (var file in Directory.GetFiles(root, "*", SearchOption.AllDirectories))
        {
            snapshot[Path.GetRelativePath(root, file)] = Convert.ToHexString(SHA256.HashData(File.ReadAllBytes(file)));
        }

        return snapshot;
    }
}
