using PerfAssert.Functional.Support;
using PerfAssert.ReferenceSuite.Report;

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
        // The WCF stacks' clients are dotnet/wcf's own since issue 28: no row compares a client of ours with it any more.
        Assert.Contains("The BasicHttp and NetTcp stacks' clients are the real WCF client", note, StringComparison.Ordinal);
        Assert.DoesNotContain(StandInDistance.Rows, row => row.Case.StartsWith("WCF client", StringComparison.Ordinal));
        // gRPC and MessagePack run on the libraries themselves: no stand-in left to measure.
        Assert.DoesNotContain(StandInDistance.Rows, row => row.Case.Contains("gRPC", StringComparison.Ordinal));
        Assert.Contains("gRPC and MessagePack stacks run on grpc-dotnet and MessagePack-CSharp themselves", note.ReplaceLineEndings(" "), StringComparison.Ordinal);
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
