using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Clients.MessagePack;

/// <summary>
/// The MessagePack echo stacks: ASP.NET Core controllers (the REST module's <c>/api/echo/*</c> with this module's
/// MVC formatters) and minimal APIs (<c>/minimal/msgpack/*</c>). Both run in memory and over loopback.
/// </summary>
public static class MessagePackStacks
{
    public const string ControllersId = "AspNetCore.Controllers/MessagePack";
    public const string MinimalId = "AspNetCore.Minimal/MessagePack";

    /// <summary>The route of the REST module's echo controllers.</summary>
    public const string ControllersRoute = "api/echo";

    /// <summary>The route of this module's minimal endpoints.</summary>
    public const string MinimalRoute = "minimal/msgpack";

    public static IReadOnlyList<EchoStack> All { get; } =
    [
        new(ControllersId, true, endpoints => Create(ControllersId, endpoints, ControllersRoute)),
        new(MinimalId, true, endpoints => Create(MinimalId, endpoints, MinimalRoute)),
    ];

    private static MessagePackEchoClient Create(string id, TargetEndpoints endpoints, string route)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        return new MessagePackEchoClient(id, endpoints.CreateHttpClient(), route);
    }
}
