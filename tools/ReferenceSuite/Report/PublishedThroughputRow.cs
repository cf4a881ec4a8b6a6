using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>One operation of the REST throughput experiment: the published WCF and Web API rates beside this run's.</summary>
/// <param name="Operation">The operation, as <see cref="ThroughputCases.Operations"/> names it.</param>
/// <param name="PublishedWebApi">Web API's published requests/s.</param>
/// <param name="PublishedWcf">WCF's published requests/s, or <see langword="null"/> where none was published.</param>
/// <param name="MeasuredWebApi">This run's controllers (the Web API role), or <see langword="null"/> when not measured.</param>
/// <param name="MeasuredWcf">This run's WebHttp raw-stream stand-in (the WCF role), or <see langword="null"/> when not measured.</param>
/// <param name="Remark">Same order, reversed, closed or opened (within or beyond 10% of parity), or why not comparable.</param>
public sealed record PublishedThroughputRow(string Operation, double PublishedWebApi, double? PublishedWcf, double? MeasuredWebApi, double? MeasuredWcf, string Remark)
{
    /// <summary>WCF over Web API as published, or <see langword="null"/>.</summary>
    public double? PublishedRatio => PublishedWcf / PublishedWebApi;

    /// <summary>WCF over Web API in this run, or <see langword="null"/>.</summary>
    public double? MeasuredRatio => MeasuredInterval?.Estimate ?? MeasuredWcf / MeasuredWebApi;

    /// <summary>The measured ratio's interval, when WCF and Web API were loaded in the same rounds; else null.</summary>
    public Statistics.Interval? MeasuredInterval { get; init; }
}
