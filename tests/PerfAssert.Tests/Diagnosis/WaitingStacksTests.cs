using PerfAssert.Diagnosis;

namespace PerfAssert.Tests.Diagnosis;

public sealed class WaitingStacksTests
{
    [Theory]
    [InlineData("System.Threading.LowLevelLifoSemaphore.Wait(int32,bool)", true)]
    [InlineData("System.Threading.WaitHandle.WaitOneNoCheck(int32,bool,class System.Object,value class WaitSource)", true)]
    [InlineData("System.Threading.Monitor.Wait(class System.Object,int32)", true)]
    [InlineData("System.Threading.Thread.Sleep(int32)", true)]
    [InlineData("System.Threading.SemaphoreSlim.Wait(int32,value class System.Threading.CancellationToken)", true)]
    [InlineData("Interop+Sys.LowLevelMonitor_TimedWait(int,int32)", true)]
    [InlineData("System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart()", true)]
    [InlineData("System.Threading.ThreadPoolWorkQueue.Dispatch()", false)]
    [InlineData("System.Threading.Monitor.Enter_Slowpath(class System.Object)", false)]
    [InlineData("System.Threading.SpinWait.SpinOnceCore(int32)", false)]
    [InlineData("OrdersService.OrdersEndpoints.GetOrder(int32)", false)]
    public void IsWaiting_ByItsInnermostFrame(string innermost, bool waiting)
    {
        Assert.Equal(waiting, WaitingStacks.IsWaiting(["System.Threading.PortableThreadPool+WorkerThread.WorkerThreadStart()", innermost]));
    }

    [Fact]
    public void Running_LeavesOutTheWaitingStacksOnly()
    {
        SampledStack[] stacks =
        [
            new(["Pool.Worker", "System.Threading.LowLevelLifoSemaphore.Wait(int32,bool)"], 500),
            new(["Pool.Worker", "Orders.GetOrder(int32)"], 40),
            new(["Pool.Worker", "System.Threading.LowLevelLifoSemaphore.Wait(int32,bool)", "Orders.Callback()"], 3),
        ];

        var running = WaitingStacks.Running(stacks).ToList();

        Assert.Equal([40, 3], running.Select(s => s.Samples));
    }
}
