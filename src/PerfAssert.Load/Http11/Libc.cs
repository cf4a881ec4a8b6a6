using System.Runtime.InteropServices;
using System.Runtime.Versioning;

namespace PerfAssert.Load.Http11;

/// <summary>
/// The few Linux system calls the polled client makes itself: epoll, and send and receive on non-blocking sockets. The
/// sockets are .NET's own (created, connected and closed through <see cref="System.Net.Sockets.Socket"/>); only the calls
/// in a request's path bypass it, so no completion goes through the runtime's socket engine.
/// </summary>
[SupportedOSPlatform("linux")]
internal static partial class Libc
{
    public const int EAGAIN = 11;
    public const int EINTR = 4;
    public const uint EPOLLIN = 0x001;
    public const int EpollCtlAdd = 1;
    public const int MsgDontWait = 0x40;
    public const int MsgPeek = 0x02;
    public const int MsgNoSignal = 0x4000;
    public const short POLLOUT = 0x004;

    /// <summary>
    /// Whether the calls' structures are laid out as this class writes them: <c>struct epoll_event</c> is packed (12 bytes) on
    /// x86-64 and naturally aligned (16) on arm64.
    /// </summary>
    public static bool Supported { get; } = OperatingSystem.IsLinux()
        && RuntimeInformation.ProcessArchitecture is Architecture.X64 or Architecture.Arm64;

    /// <summary>The size of one <c>struct epoll_event</c>.</summary>
    public static int EventBytes { get; } = RuntimeInformation.ProcessArchitecture == Architecture.X64 ? 12 : 16;

    /// <summary>Where a <c>struct epoll_event</c>'s 64-bit user data starts.</summary>
    public static int EventDataOffset { get; } = RuntimeInformation.ProcessArchitecture == Architecture.X64 ? 4 : 8;

    [LibraryImport("libc", EntryPoint = "epoll_create1", SetLastError = true)]
    public static partial int EpollCreate(int flags);

    [LibraryImport("libc", EntryPoint = "epoll_ctl", SetLastError = true)]
    public static partial int EpollCtl(int epoll, int operation, int fd, ref byte @event);

    [LibraryImport("libc", EntryPoint = "epoll_wait", SetLastError = true)]
    public static partial int EpollWait(int epoll, ref byte events, int maxEvents, int timeoutMilliseconds);

    [LibraryImport("libc", EntryPoint = "send", SetLastError = true)]
    public static partial nint Send(int fd, ref byte buffer, nint length, int flags);

    [LibraryImport("libc", EntryPoint = "recv", SetLastError = true)]
    public static partial nint Receive(int fd, ref byte buffer, nint length, int flags);

    [LibraryImport("libc", EntryPoint = "poll", SetLastError = true)]
    public static partial int Poll(ref long pollFd, nuint count, int timeoutMilliseconds);

    [LibraryImport("libc", EntryPoint = "close", SetLastError = true)]
    public static partial int Close(int fd);

    /// <summary>Registers <paramref name="fd"/> for readability (level-triggered) with <paramref name="data"/> as its event's user data.</summary>
    public static bool Watch(int epoll, int fd, long data)
    {
        Span<byte> @event = stackalloc byte[16];
        BitConverter.TryWriteBytes(@event, EPOLLIN);
        BitConverter.TryWriteBytes(@event[EventDataOffset..], data);
        return EpollCtl(epoll, EpollCtlAdd, fd, ref MemoryMarshal.GetReference(@event)) == 0;
    }

    /// <summary>Waits up to <paramref name="timeoutMilliseconds"/> for <paramref name="fd"/> to be writable (or fail): false on timeout.</summary>
    public static bool WaitWritable(int fd, int timeoutMilliseconds)
    {
        // struct pollfd { int fd; short events; short revents; }, little-endian on both architectures.
        var pollFd = (uint)fd | ((long)(ushort)POLLOUT << 32);
        int ready;
        while ((ready = Poll(ref pollFd, 1, timeoutMilliseconds)) < 0 && Marshal.GetLastPInvokeError() == EINTR)
        {
        }

        return ready > 0;
    }
}
