using PerfAssert.Hosting.Diagnosis;
using Kind = PerfAssert.Hosting.Diagnosis.CallsWindow.Kind;

namespace PerfAssert.Hosting.Tests.Diagnosis;

public sealed class CallsWindowTests
{
    [Fact]
    public void From_Marks_KeepTheJoinedThreadsBetweenBeganAndEnded()
    {
        // Recording 2's calls ran from 100 to 900 ms on threads 7 and 9; thread 3 joined recording 1, which is no reason to
        // keep it in this one.
        var window = CallsWindow.From([(Kind.CallsBegan, 2, 7, 100), (Kind.ThreadJoined, 2, 7, 100.1), (Kind.ThreadJoined, 1, 3, 50), (Kind.ThreadJoined, 2, 9, 400), (Kind.CallsEnded, 2, 9, 900)]);

        Assert.Equal([7, 9], window.Threads!.Order());
        Assert.True(window.Keeps(7, 100.5));
        Assert.True(window.Keeps(9, 899));
        Assert.False(window.Keeps(7, 99));
        Assert.False(window.Keeps(9, 901));
        Assert.False(window.Keeps(3, 500));
        Assert.True(window.Spans(500));
    }

    [Fact]
    public void From_AThreadThatJoinedBeforeTheBeginningWasMarked_IsKept()
    {
        // The thread that begins the calls joins them as it gives them their context, a moment before the beginning's mark,
        // and says so once: it is the recording's all the same, for the whole window.
        var window = CallsWindow.From([(Kind.ThreadJoined, 4, 7, 99.9), (Kind.CallsBegan, 4, 7, 100), (Kind.ThreadJoined, 4, 9, 400), (Kind.CallsEnded, 4, 9, 900)]);

        Assert.Equal([7, 9], window.Threads!.Order());
        Assert.True(window.Keeps(7, 800));
    }

    [Fact]
    public void From_NoMarks_KeepsEverySample()
    {
        var window = CallsWindow.From([]);

        Assert.Null(window.Threads);
        Assert.True(window.Keeps(5, 0));
        Assert.True(window.Keeps(6, 1e9));
    }

    [Fact]
    public void From_NoThreadJoined_KeepsEveryThreadInTheWindow()
    {
        // Calls to a service that is not ASP.NET Core, from a worker: the window is known, the threads are not.
        var window = CallsWindow.From([(Kind.CallsBegan, 1, 1, 100), (Kind.CallsEnded, 1, 1, 200)]);

        Assert.Null(window.Threads);
        Assert.True(window.Keeps(42, 150));
        Assert.False(window.Keeps(42, 250));
    }

    [Fact]
    public void From_CallsThatNeverEnded_RunToTheRecordingsEnd()
    {
        // A recording stopped while its calls ran (a cancelled test) has no end mark.
        var window = CallsWindow.From([(Kind.CallsBegan, 1, 7, 100), (Kind.ThreadJoined, 1, 7, 100)]);

        Assert.True(window.Keeps(7, 1e6));
        Assert.False(window.Spans(99));
    }
}
