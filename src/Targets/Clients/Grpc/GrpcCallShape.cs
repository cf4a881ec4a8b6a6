namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>How a gRPC client moves a list of items: in one message each way or one item per message.</summary>
public enum GrpcCallShape
{
    /// <summary>The whole list in one request and one response (a <c>repeated</c> field).</summary>
    Unary,

    /// <summary>The list in one request, the answer one item per response message.</summary>
    ServerStreaming,

    /// <summary>The list one item per request message, the answer in one response.</summary>
    ClientStreaming,
}
