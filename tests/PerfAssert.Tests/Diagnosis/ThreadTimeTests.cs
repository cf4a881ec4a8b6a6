using PerfAssert.Diagnosis;

namespace PerfAssert.Tests.Diagnosis;

public sealed class ThreadTimeTests
{
    private const string Handler = "OrdersService.Faults.FaultInjection.OnRequest()";
    private const string Enter = "System.Threading.Lock.EnterAndGetCurrentThreadId()";
    private const string Pool = "System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart()";

    [Fact]
    public void Fold_ThreadInALockWait_IsOneFrameNamingTheWaitAndItsCaller()
    {
        var stack = new SampledStack(["Kestrel.Dispatch()", Handler, Enter, "System.Threading.Lock.TryEnterSlow(int32,int32)", "System.Threading.LowLevelMonitor.Wait()", "Interop+Sys.LowLevelMonitor_Wait(int)"], 7);

        var folded = ThreadTime.Fold(stack);

        Assert.Equal(["Kestrel.Dispatch()", Handler, $"{Enter} from {Handler}"], folded.Frames);
        Assert.Equal(7, folded.Samples);
    }

    [Fact]
    public void Fold_RunningThread_IsUnchanged()
    {
        var stack = new SampledStack(["Kestrel.Dispatch()", Handler, "OrdersService.Faults.FaultInjection.Work(int64)"], 3);

        Assert.Same(stack, ThreadTime.Fold(stack));
    }

    [Fact]
    public void Fold_ThreadWhoseWholeStackIsThreading_IsNamedByItsEntry()
    {
        var folded = ThreadTime.Fold(new SampledStack([Pool, "System.Threading.LowLevelLifoSemaphore.Wait(int32,bool)"], 40));

        Assert.Equal([Pool], folded.Frames);
    }

    [Fact]
    public void Waits_LeaveOutRunningAndIdleThreads()
    {
        SampledStack[] stacks =
        [
            new([Pool, "System.Threading.LowLevelLifoSemaphore.Wait(int32,bool)"], 500),
            new(["!?"], 90),
            new(["Kestrel.Dispatch()", Handler, "OrdersService.Faults.FaultInjection.Work(int64)"], 40),
            new(["Kestrel.Dispatch()", Handler, Enter, "System.Threading.Lock.TryEnterSlow(int32,int32)"], 7),
        ];

        var waits = ThreadTime.Waits(stacks).ToList();

        Assert.Equal([$"{Enter} from {Handler}"], waits.Select(w => w.Frames[^1]));
        Assert.Equal(7, waits[0].Samples);
    }

    [Fact]
    public void Compare_LockHeldUnderLoad_PutsItsWaitingThreadsOnTopWhereCpuSeesNoWait()
    {
        // Per pair, 1,000 ticks of each worker: the reference build answers 4,000 requests, one thread serving and two idle
        // pool threads; the working tree answers 1,000, one thread in the work under the lock, three queued on it, and two
        // idle pool threads (per request they would read four times as long as the reference build's; they are left out).
        var pairs = Enumerable.Range(0, 3).Select(_ => (
            Baseline: Recording(4000, (["Kestrel.Dispatch()", Handler, "OrdersService.Json.Write()"], 1000), ([Pool, "System.Threading.LowLevelLifoSemaphore.Wait(int32,bool)"], 2000)),
            Current: Recording(1000, (["Kestrel.Dispatch()", Handler, "OrdersService.Faults.FaultInjection.Work(int64)"], 800), (["Kestrel.Dispatch()", Handler, "OrdersService.Json.Write()"], 200),
                (["Kestrel.Dispatch()", Handler, Enter, "System.Threading.LowLevelMonitor.Wait()"], 3000), ([Pool, "System.Threading.LowLevelLifoSemaphore.Wait(int32,bool)"], 2000)))).ToList();

        var threads = ProfileComparison.Compare([.. pairs.Select(p => (ThreadTime.Profile(p.Baseline.Stacks, 1000), ThreadTime.Profile(p.Current.Stacks, 1000)))]);
        var cpu = ProfileComparison.Compare([.. pairs.Select(p => (Cpu(p.Baseline), Cpu(p.Current)))]);

        Assert.Equal($"{Enter} from {Handler}", threads.Rows[0].Method);
        Assert.True(threads.Rows[0].MoreThanNoise && threads.Rows[0].IsNew);
        Assert.Equal(3.0, ThreadTime.Threads(threads.Rows[0].SelfDifferenceNs), 6);
        Assert.DoesNotContain(threads.Rows, r => r.Method.StartsWith(Pool, StringComparison.Ordinal) || r.Method.Contains("FaultInjection.Work", StringComparison.Ordinal));
        Assert.DoesNotContain(cpu.Rows, r => r.Method.Contains(Enter, StringComparison.Ordinal));
        Assert.Equal("OrdersService.Faults.FaultInjection.Work(int64)", cpu.Rows[0].Method);
    }

    private static (SampledStack[] Stacks, long Calls) Recording(long calls, params (string[] Frames, int Samples)[] stacks) =>
        ([.. stacks.Select(s => new SampledStack(s.Frames, s.Samples))], calls);

    private static StackProfile Cpu((SampledStack[] Stacks, long Calls) recording) =>
        new(WaitingStacks.Running(recording.Stacks), recording.Calls, TimeSpan.FromMilliseconds(1));
}
