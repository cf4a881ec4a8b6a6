using System.IO.Pipes;
using System.Runtime.InteropServices;

namespace PerfAssert.Hosting.Builds;

/// <summary>
/// A worker's output pipes made larger than Linux's 64 KB. A service that logs every request writes a few megabytes a
/// second to its console; its console logger writes them from a thread of its own, and when the pipe is full that write
/// waits, the logger's queue fills behind it, and the request threads wait on the queue's lock. How long depends on how
/// soon this process reads the pipe, which differs from one worker to the next: in A/A diagnoses between builds the
/// logger's lock took 15 us a call in one worker and 30 in another of the same build. A megabyte (Linux's default
/// <c>/proc/sys/fs/pipe-max-size</c>) holds a few thousand requests' lines.
/// </summary>
internal static partial class PipeCapacity
{
    /// <summary>The capacity asked for.</summary>
    public const int Bytes = 1 << 20;

    /// <summary>Linux's <c>F_SETPIPE_SZ</c> (<c>F_LINUX_SPECIFIC_BASE + 7</c>).</summary>
    private const int SetPipeSize = 1031;

    /// <summary>Linux's <c>F_GETPIPE_SZ</c>.</summary>
    private const int GetPipeSize = 1032;

    /// <summary>Makes the pipe behind <paramref name="stream"/> hold <see cref="Bytes"/>; whether it could (Linux only; the size is capped by pipe-max-size for a process without CAP_SYS_RESOURCE).</summary>
    public static bool Enlarge(Stream stream)
    {
        if (!OperatingSystem.IsLinux() || stream is not PipeStream pipe)
        {
            return false;
        }

        try
        {
            return Control((int)pipe.SafePipeHandle.DangerousGetHandle(), SetPipeSize, Bytes) >= Bytes;
        }
        catch (Exception ex) when (ex is DllNotFoundException or EntryPointNotFoundException)
        {
            return false;
        }
    }

    /// <summary>The capacity in bytes of the pipe behind <paramref name="stream"/>, or -1 where it cannot be read.</summary>
    public static int Capacity(Stream stream) =>
        OperatingSystem.IsLinux() && stream is PipeStream pipe ? Control((int)pipe.SafePipeHandle.DangerousGetHandle(), GetPipeSize, 0) : -1;

    [LibraryImport("libc", EntryPoint = "fcntl", SetLastError = true)]
    private static partial int Control(int descriptor, int command, int argument);
}
