using PerfAssert.Targets.Services.AspNetCore;
using PerfAssert.Targets.Services.Floor;
using PerfAssert.Targets.Services.Grpc;
using PerfAssert.Targets.Services.MessagePackApi;
using PerfAssert.Targets.Services.MinimalApi;
using PerfAssert.Targets.Services.Throughput;
using PerfAssert.Targets.Services.Todos;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Targets.Hosting;

/// <summary>Every target module the host starts. Add a module here to have the host serve it.</summary>
public static class TargetModules
{
    public static IReadOnlyList<ITargetModule> All { get; } =
    [
        new MinimalApiModule(),
        new AspNetCoreControllersModule(),
        new ThroughputModule(),
        new FloorModule(),
        new TodoRestModule(),
        new GrpcModule(),
        new WcfModule(),
        new MessagePackApiModule(),
    ];
}
