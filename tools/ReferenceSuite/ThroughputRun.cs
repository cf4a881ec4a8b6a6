using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Statistics;

namespace PerfAssert.ReferenceSuite;

/// <summary>What the throughput part measured.</summary>
/// <param name="Rows">Per endpoint, our driver's figures for the throughput table.</param>
/// <param name="Runs">Per endpoint, every block of ours and wrk's.</param>
/// <param name="DriverSection">The report's section on our driver beside wrk.</param>
/// <param name="WcfOverWebApi">Per operation, the WCF stand-in's rate over the controllers' with its interval.</param>
internal sealed record ThroughputRun(List<ThroughputRow> Rows, IReadOnlyList<DriverRun> Runs, string DriverSection, IReadOnlyDictionary<string, Interval> WcfOverWebApi);
