using System.Globalization;
using System.Xml.Linq;

namespace PerfAssert.Embedding.Tests.Support;

/// <summary>The counts a TRX file's result summary holds (what CI reads, rather than the runner's console summary).</summary>
internal sealed record TrxCounters(int Total, int Passed, int Failed)
{
    public static TrxCounters Read(string directory)
    {
        var files = Directory.GetFiles(directory, "*.trx", SearchOption.AllDirectories);
        if (files.Length != 1)
        {
            throw new InvalidOperationException($"Expected one TRX file under {directory}, found {files.Length}.");
        }

        var counters = XDocument.Load(files[0]).Descendants().Single(e => e.Name.LocalName == "Counters");
        int Count(string name) => int.Parse(counters.Attribute(name)?.Value ?? "0", CultureInfo.InvariantCulture);
        return new TrxCounters(Count("total"), Count("passed"), Count("failed") + Count("error") + Count("timeout") + Count("aborted"));
    }
}
