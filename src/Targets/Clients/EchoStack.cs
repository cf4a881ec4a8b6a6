using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Clients;

/// <summary>One echo stack of the catalog: a stable id, whether it runs on TestServer, and how to make its client.</summary>
/// <param name="Id">A stable id such as <c>AspNetCore.Controllers/Newtonsoft</c>; baselines are keyed by it.</param>
/// <param name="SupportsInMemory">Whether the client works against an in-memory host (no sockets).</param>
/// <param name="Create">Creates a client for a running host's endpoints.</param>
public sealed record EchoStack(string Id, bool SupportsInMemory, Func<TargetEndpoints, IEchoClient> Create)
{
    public override string ToString() => Id;
}
