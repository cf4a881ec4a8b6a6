using System.Text;

namespace PerfAssert.IO;

/// <summary>
/// Writes a file so readers see the old content or the new, never half of it: the text goes to a uniquely named temporary
/// file beside the target, which is then renamed over it. A failed write leaves no temporary file behind.
/// </summary>
internal static class AtomicFile
{
    private static readonly UTF8Encoding Utf8 = new(encoderShouldEmitUTF8Identifier: false);

    public static void WriteAllText(string path, string text)
    {
        var temporary = TemporaryBeside(path);
        try
        {
            File.WriteAllText(temporary, text, Utf8);
            File.Move(temporary, path, overwrite: true);
        }
        finally
        {
            File.Delete(temporary);
        }
    }

    public static async Task WriteAllTextAsync(string path, string text, CancellationToken cancellationToken)
    {
        var temporary = TemporaryBeside(path);
        try
        {
            await File.WriteAllTextAsync(temporary, text, Utf8, cancellationToken).ConfigureAwait(false);
            File.Move(temporary, path, overwrite: true);
        }
        finally
        {
            File.Delete(temporary);
        }
    }

    private static string TemporaryBeside(string path) => $"{path}.{Guid.NewGuid():N}.tmp";
}
