namespace PerfAssert.Hosting.Logging;

/// <summary>
/// The host's log in memory, newest last. Bounded: a chatty application in a long performance run would otherwise grow
/// it without limit, so past the capacity the oldest entries go and <see cref="Dropped"/> counts them.
/// </summary>
internal sealed class CapturedLog(int capacity)
{
    private readonly Queue<ServiceHostLogEntry> _entries = new();
    private readonly Lock _lock = new();
    private long _dropped;

    public long Dropped
    {
        get
        {
            lock (_lock)
            {
                return _dropped;
            }
        }
    }

    public void Add(ServiceHostLogEntry entry)
    {
        lock (_lock)
        {
            if (_entries.Count == capacity)
            {
                _entries.Dequeue();
                _dropped++;
            }

            _entries.Enqueue(entry);
        }
    }

    public IReadOnlyList<ServiceHostLogEntry> Snapshot()
    {
        lock (_lock)
        {
            return [.. _entries];
        }
    }

    /// <summary>The last <paramref name="lines"/> entries as text, for an exception message.</summary>
    public string Describe(int lines = 50)
    {
        var entries = Snapshot();
        if (entries.Count == 0)
        {
            return "(the application logged nothing at this level)";
        }

        var shown = entries.Skip(Math.Max(0, entries.Count - lines)).Select(e => "  " + e);
        var hidden = entries.Count - Math.Min(lines, entries.Count) + Dropped;
        var header = hidden > 0 ? $"  ({hidden} earlier entries not shown)" + Environment.NewLine : string.Empty;
        return header + string.Join(Environment.NewLine, shown);
    }
}
