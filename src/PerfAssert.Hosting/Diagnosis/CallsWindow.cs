namespace PerfAssert.Hosting.Diagnosis;

/// <summary>
/// Which of a recording's samples belong to the timed calls: those taken between the calls' first and last moment, on a
/// thread that ran them or served them, as the recorded process marked them (<see cref="CallsMarks"/>). A recording without
/// marks keeps every sample; a recording whose calls no thread was seen to run keeps every thread.
/// </summary>
internal sealed class CallsWindow
{
    private readonly double _from;
    private readonly double _to;
    private readonly HashSet<int>? _threads;

    private CallsWindow(double from, double to, HashSet<int>? threads)
    {
        _from = from;
        _to = to;
        _threads = threads;
    }

    /// <summary>What a mark in a recording says (<see cref="CallsEventSource"/>'s events).</summary>
    public enum Kind
    {
        /// <summary>The calls began: the first of them is about to run.</summary>
        CallsBegan,

        /// <summary>The calls ended: the last of them returned.</summary>
        CallsEnded,

        /// <summary>The mark's thread runs the calls, or serves them.</summary>
        ThreadJoined,
    }

    /// <summary>The threads the samples are kept on, or <see langword="null"/> for every thread (no thread was marked).</summary>
    public IReadOnlyCollection<int>? Threads => _threads;

    /// <summary>
    /// The window and threads that <paramref name="marks"/> (times in milliseconds, any order) say. A thread belongs to the
    /// recording whose number its mark carries, whenever it said so: the thread that begins the calls joins them as it
    /// gives them their context, a moment before their beginning is marked, and says so once a recording.
    /// </summary>
    public static CallsWindow From(IEnumerable<(Kind Kind, int Recording, int Thread, double Time)> marks)
    {
        ArgumentNullException.ThrowIfNull(marks);
        var all = marks.ToList();
        var began = all.Where(m => m.Kind == Kind.CallsBegan).ToList();
        if (began.Count == 0)
        {
            return new CallsWindow(double.NegativeInfinity, double.PositiveInfinity, null);
        }

        var recordings = began.Select(m => m.Recording).ToHashSet();
        var ended = all.Where(m => m.Kind == Kind.CallsEnded && recordings.Contains(m.Recording)).Select(m => m.Time).DefaultIfEmpty(double.PositiveInfinity).Max();
        var threads = all.Where(m => m.Kind == Kind.ThreadJoined && recordings.Contains(m.Recording)).Select(m => m.Thread).ToHashSet();
        return new CallsWindow(began.Min(m => m.Time), ended, threads.Count > 0 ? threads : null);
    }

    /// <summary>Whether a sample taken at <paramref name="time"/> is inside the calls' window.</summary>
    public bool Spans(double time) => time >= _from && time <= _to;

    /// <summary>Whether a sample of thread <paramref name="thread"/> taken at <paramref name="time"/> belongs to the calls.</summary>
    public bool Keeps(int thread, double time) => Spans(time) && (_threads is null || _threads.Contains(thread));
}
