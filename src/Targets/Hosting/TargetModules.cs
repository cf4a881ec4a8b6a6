using PerfAssert.Targets.Services.MessagePackApi;
using PerfAssert.Targets.Services.MinimalApi;

namespace PerfAssert.Targets.Hosting;

/// <summary>Every target module the host starts. Add a module here to have the host serve it.</summary>
public static class TargetModules
{
    public static IReadOnlyList<ITargetModule> All { get; } =
    [
        new MinimalApiModule(),
        new MessagePackApiModule(),
    ];
}
