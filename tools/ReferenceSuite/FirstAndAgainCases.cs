namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The cases of the first-and-again check (<c>--first-and-again</c>): one per protocol family, each measured before and
/// after <see cref="Others"/>, and ten other cases measured in between. The others are the Small, empty calls of the stacks
/// that are not a family's: every part of the host and of its formatters runs between a family's two measurements, and each
/// of them settles in about a second, so the check costs CI little.
/// </summary>
internal static class FirstAndAgainCases
{
    /// <summary>A protocol family and the case that stands for it: the Small, empty call, the quickest to settle.</summary>
    public static IReadOnlyList<(string Family, string Case)> Families { get; } =
    [
        ("controllers, Newtonsoft.Json", "SmallWebApiJsonNet-0"),
        ("minimal APIs", "SmallAspNetCoreStj-0"),
        ("gRPC", "SmallGrpcUnary-0"),
        ("WCF text", "SmallWcfText-0"),
        ("NetTcp", "SmallWcfNetTcpTuned-0"),
    ];

    /// <summary>The ten cases measured between a family's first and second measurement.</summary>
    public static IReadOnlyList<string> Others { get; } =
    [
        "SmallWebApiXml-0",
        "SmallWebApiMessagePack-0",
        "SmallAspNetCoreJsonNet-0",
        "SmallAspNetCoreXml-0",
        "SmallAspNetCoreMessagePack-0",
        "SmallWcfWebXml-0",
        "SmallWcfWebJson-0",
        "SmallWcfNetTcpDefault-0",
        "SmallGrpcServerStreaming-0",
        "SmallGrpcClientStreaming-0",
    ];
}
