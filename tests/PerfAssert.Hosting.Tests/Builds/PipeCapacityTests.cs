using System.IO.Pipes;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>A worker's output pipe holds a megabyte, not Linux's 64 KB, so a service that logs every request does not wait on it.</summary>
public sealed class PipeCapacityTests
{
    [Fact]
    public void Enlarge_APipe_HoldsAMegabyte()
    {
        using var pipe = new AnonymousPipeServerStream(PipeDirection.In);
        if (!OperatingSystem.IsLinux())
        {
            Assert.False(PipeCapacity.Enlarge(pipe));
            return;
        }

        Assert.Equal(64 * 1024, PipeCapacity.Capacity(pipe));
        Assert.True(PipeCapacity.Enlarge(pipe));
        Assert.Equal(PipeCapacity.Bytes, PipeCapacity.Capacity(pipe));
    }
}
