using System.Diagnostics;

namespace PerfAssert.Hosting.Diagnosis;

/// <summary>
/// Marks a recording's calls in the recorded process for <see cref="CallsEventSource"/>: an event where they begin and one
/// where they end, and one from each thread the first time it runs them. Two kinds of thread run them. The calls' own, in
/// one process: an <see cref="AsyncLocal{T}"/> holding the recording's number flows with the calls into every continuation
/// and work item they start, and its change handler runs on each thread that context is restored on. A service's request
/// threads: ASP.NET Core reports each request's beginning on the thread that begins it to its <c>Microsoft.AspNetCore</c>
/// diagnostic listeners, which are listened to while the calls run (and only then: a host whose listener has no subscriber
/// skips that report). In a service worker only the window is marked (<see cref="Begin"/>). Only framework types: a
/// worker's startup hook uses this.
/// </summary>
internal sealed class CallsMarks : IDisposable, IObserver<DiagnosticListener>, IObserver<KeyValuePair<string, object?>>
{
    private const string AspNetCore = "Microsoft.AspNetCore";
    private const string BeginRequest = "Microsoft.AspNetCore.Hosting.BeginRequest";

    private static readonly AsyncLocal<int> Calls = new(CallsContextChanged);

    // The recording this thread last said it joined, so that a thread says so once a recording, not on every request.
    [ThreadStatic]
    private static int t_joined;

    private static int s_last;

    private readonly int _recording;
    private readonly List<IDisposable> _subscriptions = new(capacity: 16);
    // Set when the marks listen for the calls' threads (in one process); null in a service worker, which marks the window alone.
    private IDisposable? _listeners;
    private bool _ended;

    private CallsMarks(int recording)
    {
        _recording = recording;
    }

    /// <summary>
    /// Marks the calls' beginning and, with <paramref name="markThreads"/> (in one process, where the calls run inside the
    /// caller's execution context), listens for the threads that run or serve them until disposed. A service worker marks
    /// the window alone: it serves nothing but the calls, and its other threads work for them too (its console logger
    /// writes their lines); left out, the share of a lock's cost that fell on the logger's thread moved from one worker to
    /// the next, and A/A diagnoses marked that lock in 3 of 20 (0 of 20 with every thread kept, the same hour).
    /// </summary>
    public static CallsMarks Begin(bool markThreads)
    {
        // Listening first, the window's mark last: what listening allocates is not the calls'. The listeners that exist are
        // reported at once, those created meanwhile as they are.
        var marks = new CallsMarks(Interlocked.Increment(ref s_last));
        if (markThreads)
        {
            marks._listeners = DiagnosticListener.AllListeners.Subscribe(marks);
            Calls.Value = marks._recording;
        }

        CallsEventSource.Log.CallsBegan(marks._recording);
        return marks;
    }

    /// <summary>Marks the calls' end, then stops listening.</summary>
    public void Dispose()
    {
        List<IDisposable> subscriptions;
        lock (_subscriptions)
        {
            if (_ended)
            {
                return;
            }

            _ended = true;
            CallsEventSource.Log.CallsEnded(_recording);
            subscriptions = [.. _subscriptions];
            _subscriptions.Clear();
        }

        // Outside the lock: a listener created meanwhile is reported to OnNext under the listeners' own lock, which
        // unsubscribing takes too.
        // Marks that listen (in one process) also gave the calls their context.
        if (_listeners is not null)
        {
            _listeners.Dispose();
            subscriptions.ForEach(s => s.Dispose());
            Calls.Value = 0;
        }
    }

    void IObserver<DiagnosticListener>.OnNext(DiagnosticListener value)
    {
        if (value.Name != AspNetCore)
        {
            return;
        }

        lock (_subscriptions)
        {
            if (!_ended)
            {
                _subscriptions.Add(value.Subscribe(this, static name => name == BeginRequest));
            }
        }
    }

    void IObserver<KeyValuePair<string, object?>>.OnNext(KeyValuePair<string, object?> value) => Joined(_recording);

    void IObserver<DiagnosticListener>.OnCompleted()
    {
    }

    void IObserver<DiagnosticListener>.OnError(Exception error)
    {
    }

    void IObserver<KeyValuePair<string, object?>>.OnCompleted()
    {
    }

    void IObserver<KeyValuePair<string, object?>>.OnError(Exception error)
    {
    }

    private static void CallsContextChanged(AsyncLocalValueChangedArgs<int> change)
    {
        if (change.CurrentValue != 0)
        {
            Joined(change.CurrentValue);
        }
    }

    private static void Joined(int recording)
    {
        if (t_joined != recording)
        {
            t_joined = recording;
            CallsEventSource.Log.ThreadJoined(recording);
        }
    }
}
