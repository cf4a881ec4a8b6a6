using System.Reflection;

namespace PerfAssert.Tests.Reporting;

/// <summary>
/// Compares a rendered report with a reviewed <c>Reporting/Snapshots/{name}.verified.{extension}</c> in this project's
/// source tree. On a mismatch or a missing file it writes <c>{name}.received.{extension}</c> beside it (git ignores those)
/// and fails; a test run never accepts a snapshot by itself: review the difference and rename the received file.
/// </summary>
/// <remarks>The source tree is found from the project directory the build records in the assembly, not from
/// <c>[CallerFilePath]</c>, which deterministic CI builds map to <c>/_/</c>.</remarks>
internal static class ReportSnapshot
{
    private static readonly string Directory = Path.Combine(
        typeof(ReportSnapshot).Assembly.GetCustomAttributes<AssemblyMetadataAttribute>().Single(a => a.Key == "ProjectDirectory").Value!,
        "Reporting",
        "Snapshots");

    public static void Verify(string actual, string name, string extension)
    {
        var verified = Path.Combine(Directory, $"{name}.verified.{extension}");
        var received = Path.Combine(Directory, $"{name}.received.{extension}");
        var normalized = actual.ReplaceLineEndings("\n");
        if (File.Exists(verified) && File.ReadAllText(verified).ReplaceLineEndings("\n") == normalized)
        {
            File.Delete(received);
            return;
        }

        System.IO.Directory.CreateDirectory(Directory);
        File.WriteAllText(received, normalized);
        Assert.Fail(File.Exists(verified)
            ? $"The snapshot {name} changed. Compare {received} with {verified}; if the change is intended, replace the verified file with the received one."
            : $"The snapshot {name} has no verified file yet. Review {received} and rename it to {Path.GetFileName(verified)}.");
    }
}
