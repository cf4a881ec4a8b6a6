using PerfAssert.Functional.Support;
using PerfAssert.Targets.Reference;

namespace PerfAssert.Functional.Reference;

public sealed class StandInDistanceTests
{
    [Fact]
    public async Task ConformanceDoc_QuotesTheTableTheReportPrints()
    {
        var doc = await File.ReadAllTextAsync(SourceTree.RepositoryFile("docs/conformance.md"), TestContext.Current.CancellationToken);

        Assert.Contains(StandInDistance.Table().ReplaceLineEndings("\n"), doc.ReplaceLineEndings("\n"), StringComparison.Ordinal);
    }

    [Fact]
    public void Markdown_NamesEveryCaseAndWhatTheFiguresMeanForTheReport()
    {
        var note = StandInDistance.Markdown();

        Assert.StartsWith("## Notes: how far the stand-ins are from the libraries they replace", note, StringComparison.Ordinal);
        Assert.All(StandInDistance.Rows, row => Assert.Contains("| " + row.Case + " |", note, StringComparison.Ordinal));
        // Derived from the rows, not written by hand: NetTcp Small-0's second run (0.897) is the farthest of the network stacks.
        Assert.Contains("within 10% of the real stacks in time", note, StringComparison.Ordinal);
        Assert.Contains("the MessagePack stacks run on MessagePack-CSharp itself", note, StringComparison.Ordinal);
        Assert.Contains("Our NetTcp client takes 0.99x-1.33x the time of dotnet/wcf's client", note, StringComparison.Ordinal);
        Assert.Contains("our NetTcp client 1.36x dotnet/wcf's", note, StringComparison.Ordinal);
        Assert.Contains("| gRPC Echo Small-0 (client and server) | 0.924 [0.903, 0.947]; 0.931 [0.904, 0.959] | 8.15 / 8.67 |", note, StringComparison.Ordinal);
    }

    [Fact]
    public void Rows_ListOnlyStandIns_NotTheMessagePackStacksWhichRunOnTheLibrary()
    {
        Assert.DoesNotContain(StandInDistance.Rows, row => row.Case.Contains("MessagePack", StringComparison.Ordinal));
    }

    [Fact]
    public void Rows_EveryIntervalHoldsItsEstimate()
    {
        Assert.All(StandInDistance.Rows.SelectMany(r => r.Runs), r => Assert.InRange(r.Estimate, r.Lower, r.Upper));
    }
}
