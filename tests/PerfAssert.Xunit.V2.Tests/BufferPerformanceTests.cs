using System.Buffers;
using Xunit.Abstractions;

namespace PerfAssert.Xunit.V2.Tests;

// begin-snippet: xunit-v2
public sealed class BufferPerformanceTests(ITestOutputHelper output)
{
    private static object? _sink; // keeps each new array reachable, so the JIT cannot drop the allocation

    [Fact]
    public async Task RentFromPool_ComparedToNewArray_AllocatesNoMore()
    {
        await Perf.Measure("pooled buffer", () => ArrayPool<byte>.Shared.Return(ArrayPool<byte>.Shared.Rent(1024)))
            .ComparedTo("new array", () => { _sink = new byte[1024]; })
            .AllocatedBytesAtMostPartner()
            .AssertAsync(output);
    }
}
// end-snippet
