using PerfAssert.Statistics;
using PerfAssert.Verdicts;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>One latency result as a row of the reference table: per-call figures in microseconds and kilobytes.</summary>
/// <param name="Result">The result behind the row.</param>
/// <param name="CaseName">The parsed name, or null when the name does not follow the reference shape.</param>
/// <param name="RatioToReference">
/// The ratio to the reference stack for the same case, when the report names one and it ran: measured side by side when
/// <see cref="RatioInterval"/> is set, else mean latency / the reference stack's mean.
/// </param>
public sealed record LatencyRow(PerfResult Result, ReferenceCaseName? CaseName, double? RatioToReference)
{
    /// <summary>The interval of <see cref="RatioToReference"/> when it was measured side by side, else null.</summary>
    public Interval? RatioInterval { get; init; }

    /// <summary>The interval of <see cref="MeanUs"/>, in microseconds, when the report has one, else null.</summary>
    public Interval? MeanInterval { get; init; }

    /// <summary>The method column: the reference method name, or the whole name when it has another shape.</summary>
    public string Method => CaseName?.Method ?? Result.Name;

    /// <summary>Items per call, when the name says.</summary>
    public int? Items => CaseName?.Items;

    /// <summary>Mean microseconds per call.</summary>
    public double MeanUs => Result.Subject.MeanNs / 1000;

    /// <summary>95th percentile microseconds per call, when per-call latency was measured.</summary>
    public double? P95Us => Result.Subject.PerCall?.P95Ns / 1000;

    /// <summary>Generation 0 collections per 1,000 calls, when allocations were measured.</summary>
    public double? Gen0PerThousand => Result.Subject.Allocations?.Gen0PerThousandOps;

    /// <summary>Generation 1 collections per 1,000 calls, when allocations were measured.</summary>
    public double? Gen1PerThousand => Result.Subject.Allocations?.Gen1PerThousandOps;

    /// <summary>Generation 2 collections per 1,000 calls, when allocations were measured.</summary>
    public double? Gen2PerThousand => Result.Subject.Allocations?.Gen2PerThousandOps;

    /// <summary>Kilobytes (1,024 bytes, as the 2019 table counts them) allocated per call, when measured.</summary>
    public double? AllocatedKb => Result.Subject.Allocations?.BytesPerOp / 1024;

    /// <summary>The worst verdict outcome of the result.</summary>
    public VerdictOutcome Outcome => Result.Outcome;

    /// <summary>Why the row's figures were not timed on settled code (see <see cref="Measurement.OperationSummary.Unsettled"/>),
    /// or <see langword="null"/> when they were.</summary>
    public string? Unsettled => Result.Subject.Unsettled ?? (Result.Subject.WarmupSettled ? null : "warm-up did not settle");
}
