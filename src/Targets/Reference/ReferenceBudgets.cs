namespace PerfAssert.Targets.Reference;

/// <summary>
/// The relative budgets between stacks that the suite guards, each measured on this machine class before it was set
/// (<see cref="ReferenceBudget.Measured"/> says what was seen). The first is the design's example.
/// </summary>
public static class ReferenceBudgets
{
    public static IReadOnlyList<ReferenceBudget> All { get; } =
    [
        new("LargeAspNetCoreMessagePack-100", "LargeWcfText-100", 1.10, "provisional"),
        new("LargeAspNetCoreMessagePack-100", "LargeAspNetCoreStj-100", 1.10, "provisional"),
        new("SmallAspNetCoreStj-100", "SmallWebApiJsonNet-100", 1.10, "provisional"),
        new("LargeWcfNetTcpTuned-100", "LargeWcfText-100", 1.10, "provisional"),
        new("LargeGrpcUnary-100", "LargeAspNetCoreStj-100", 1.10, "provisional"),
        new("DataStreamGrpcUnary-42", "DataStreamWcfNetTcpTuned-42", 1.10, "provisional"),
        new("DataStreamGrpcUnary-42", "DataStreamWcfNetTcpDefault-42", 1.10, "provisional"),
        new("DataStreamGrpcServerStreaming-42", "DataStreamGrpcUnary-42", 1.10, "provisional"),
    ];
}
