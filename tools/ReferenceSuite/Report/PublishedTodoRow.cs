using PerfAssert.Statistics;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>One operation and client count of the todo operations experiment, measured on every stack that has it.</summary>
/// <param name="Operation">Get, First, Send or SendOne.</param>
/// <param name="Clients">Simultaneous clients (<see cref="TodoCases.Concurrency"/>).</param>
/// <param name="MeanMicroseconds">This run's mean per call by stack (<c>WebApiJsonNet</c>, <c>WcfText</c>, <c>WcfNetTcpTuned</c>, <c>GrpcUnary</c>, <see cref="TodoCases.GrpcStreaming"/>).</param>
/// <param name="GrpcOverFastestOther">The faster of gRPC's calls over the fastest other stack, or <see langword="null"/> when not measured.</param>
/// <param name="Remark">Whether gRPC is still the fastest, or not measured.</param>
public sealed record PublishedTodoRow(string Operation, int Clients, IReadOnlyDictionary<string, double> MeanMicroseconds, double? GrpcOverFastestOther, string Remark)
{
    /// <summary>The interval of <see cref="GrpcOverFastestOther"/> when it was measured side by side, else null.</summary>
    public Interval? Interval { get; init; }
}
