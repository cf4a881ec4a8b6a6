namespace PerfAssert.Baselines;

/// <summary>An exclusive lock file shared with other processes, taken with bounded retries.</summary>
internal sealed class FileLock : IDisposable
{
    private readonly FileStream _stream;

    private FileLock(FileStream stream) => _stream = stream;

    public static async Task<FileLock> AcquireAsync(string path, CancellationToken cancellationToken)
    {
        var started = TimeProvider.System.GetTimestamp();
        while (true)
        {
            try
            {
                return new FileLock(new FileStream(path, FileMode.OpenOrCreate, FileAccess.ReadWrite, FileShare.None, 1, FileOptions.DeleteOnClose));
            }
            catch (IOException) when (TimeProvider.System.GetElapsedTime(started) < TimeSpan.FromSeconds(30))
            {
                await Task.Delay(20, cancellationToken).ConfigureAwait(false);
            }
        }
    }

    public void Dispose() => _stream.Dispose();
}
