using System.Runtime.CompilerServices;

namespace PerfAssert.Functional.Grpc;

/// <summary>
/// Compares text with a reviewed <c>Snapshots/{name}.verified.txt</c> next to the calling test's source file. On a
/// mismatch or a missing file it writes <c>{name}.received.txt</c> beside it and fails: review the difference and
/// rename the received file to accept it. A test run never accepts a snapshot by itself.
/// </summary>
internal static class SnapshotFile
{
    public static void Verify(string actual, string name, [CallerFilePath] string sourceFile = "")
    {
        var directory = Path.Combine(Path.GetDirectoryName(sourceFile)!, "Snapshots");
        var verified = Path.Combine(directory, name + ".verified.txt");
        var received = Path.Combine(directory, name + ".received.txt");
        var normalized = actual.ReplaceLineEndings("\n");
        if (File.Exists(verified) && File.ReadAllText(verified).ReplaceLineEndings("\n") == normalized)
        {
            File.Delete(received);
            return;
        }

        Directory.CreateDirectory(directory);
        File.WriteAllText(received, normalized);
        Assert.Fail(File.Exists(verified)
            ? $"The snapshot {name} changed. Compare {received} with {verified}; if the change is intended, replace the verified file with the received one."
            : $"The snapshot {name} has no verified file yet. Review {received} and rename it to {Path.GetFileName(verified)}.");
    }
}
