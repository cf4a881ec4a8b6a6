using PerfAssert.Load;
using PerfAssert.Load.Testing;

namespace PerfAssert.Functional.Load;

public sealed class LoadDiagnosisTests
{
    [Fact]
    public void ServiceTimeDifference_IsThePerRequestTimeTheTwoThroughputsDifferBy_FromTheMeasuredBlocksMedians()
    {
        // The working tree serves 10,000 requests a second (100 us each), the reference build 20,000 (50 us each); the warm-up
        // block (round -1) and its 1,000 requests a second are left out.
        LoadBlock[] blocks =
        [
            Block("working tree", -1, 1_000), Block("working tree", 0, 9_000), Block("working tree", 1, 10_000), Block("working tree", 2, 12_000),
            Block("reference", 0, 20_000), Block("reference", 1, 20_000),
        ];

        Assert.Equal(50_000, LoadDiagnosis.ServiceTimeDifference(blocks, "working tree", "reference"), 6);
        Assert.True(double.IsNaN(LoadDiagnosis.ServiceTimeDifference(blocks, "working tree", "nobody")));
    }

    private static LoadBlock Block(string side, int round, long requestsPerSecond) =>
        new(side, round, new LoadResult(requestsPerSecond / 10, 0, TimeSpan.FromMilliseconds(100), 1, 2, 3, [], null));
}
