namespace PerfAssert.Functional.Support;

/// <summary>
/// Compares text with a reviewed <c>{folder}/{name}.verified.txt</c> in this project's source tree. On a mismatch or a
/// missing file it writes <c>{name}.received.txt</c> beside it (git ignores those) and fails: review the difference and
/// rename the received file to accept it. A test run never accepts a snapshot by itself.
/// </summary>
/// <remarks>
/// The source tree is found from the project directory the build records in the assembly, not from
/// <c>[CallerFilePath]</c>, which deterministic CI builds map to <c>/_/</c>.
/// </remarks>
internal static class Snapshot
{
    public static void Verify(string actual, string folder, string name)
    {
        var directory = Path.Combine(SourceTree.ProjectDirectory, folder);
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
