using System.Globalization;

namespace PerfAssert.Load.Testing;

/// <summary>
/// The process on this machine that listens on a plan's TCP port, read from Linux's <c>/proc</c>: the kernel's tables of TCP
/// sockets (<c>/proc/net/tcp</c> and <c>tcp6</c>) give the listening socket's inode, and a process's open files
/// (<c>/proc/&lt;pid&gt;/fd</c>) name the sockets it holds. This process is looked at first, since a test's service is
/// usually hosted in it; then every process this user may read.
/// </summary>
internal static class ListeningProcess
{
    /// <summary>TCP's LISTEN state, as the kernel's tables write it.</summary>
    private const string Listen = "0A";

    /// <summary>
    /// The id of the process listening on <paramref name="port"/>, or <see langword="null"/> with <paramref name="why"/> saying
    /// why there is none (not Linux, nothing listens there, or the listener is a process this user cannot read).
    /// </summary>
    public static int? Find(int port, out string why)
    {
        if (!OperatingSystem.IsLinux())
        {
            why = "finding the process that serves a plan reads Linux's /proc, and this is not Linux";
            return null;
        }

        var sockets = new HashSet<string>(StringComparer.Ordinal);
        foreach (var table in new[] { "/proc/net/tcp", "/proc/net/tcp6" })
        {
            if (File.Exists(table))
            {
                sockets.UnionWith(ListeningInodes(File.ReadLines(table), port).Select(inode => $"socket:[{inode}]"));
            }
        }

        if (sockets.Count == 0)
        {
            why = string.Create(CultureInfo.InvariantCulture, $"no process on this machine listens on TCP port {port}");
            return null;
        }

        var self = Environment.ProcessId;
        foreach (var id in new[] { self }.Concat(OtherProcesses(self)))
        {
            if (Holds(id, sockets))
            {
                why = string.Empty;
                return id;
            }
        }

        why = string.Create(CultureInfo.InvariantCulture, $"the process listening on TCP port {port} is not one this user can read");
        return null;
    }

    /// <summary>The inodes of the sockets that listen on <paramref name="port"/> in one of the kernel's TCP tables.</summary>
    internal static IEnumerable<string> ListeningInodes(IEnumerable<string> table, int port)
    {
        // "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode": the local address is
        // the address and port in hex, and the inode the tenth column after it.
        foreach (var line in table.Skip(1))
        {
            var fields = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
            if (fields.Length < 10 || fields[3] != Listen)
            {
                continue;
            }

            var colon = fields[1].LastIndexOf(':');
            if (colon > 0 && int.TryParse(fields[1].AsSpan(colon + 1), NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var local) && local == port)
            {
                yield return fields[9];
            }
        }
    }

    private static IEnumerable<int> OtherProcesses(int self) =>
        Directory.EnumerateDirectories("/proc")
            .Select(d => int.TryParse(Path.GetFileName(d), NumberStyles.None, CultureInfo.InvariantCulture, out var id) ? id : 0)
            .Where(id => id > 0 && id != self);

    private static bool Holds(int process, HashSet<string> sockets)
    {
        try
        {
            foreach (var fd in Directory.EnumerateFiles($"/proc/{process}/fd"))
            {
                if (new FileInfo(fd).LinkTarget is { } target && sockets.Contains(target))
                {
                    return true;
                }
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
            // A process that ended meanwhile, or another user's: not the one.
        }

        return false;
    }
}
