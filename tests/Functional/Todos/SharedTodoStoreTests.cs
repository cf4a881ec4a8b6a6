using Microsoft.Extensions.DependencyInjection;
using PerfAssert.Functional.Hosting;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.Grpc;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Clients.Wcf;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Grpc;
using PerfAssert.Targets.Services.Todos;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Functional.Todos;

public sealed class SharedTodoStoreTests
{
    [Fact]
    public void ConfigureServices_RestWcfAndGrpcModules_RegisterOneStore()
    {
        var services = new ServiceCollection();
        foreach (var module in new ITargetModule[] { new TodoRestModule(), new WcfModule(), new GrpcModule() })
        {
            module.ConfigureServices(services);
        }

        Assert.Single(services, d => d.ServiceType == typeof(TodoStore));
    }

    [Fact]
    public async Task SendOne_OverRestSoapNetTcpAndGrpc_CountsIntoOneStore()
    {
        using var bounded = Bounded.Within(30);
        var probe = new StoreProbeModule();
        var options = new TargetHostOptions { Modules = [new TodoRestModule(), new WcfModule(), new GrpcModule(), probe] };
        await using var host = await TargetHost.StartAsync(options, bounded.Token);
        var item = PayloadGenerator.Todos(count: 1, seed: 7)[0];
        var clients = new ITodoClient[]
        {
            new RestTodoClient(host.Endpoints),
            WcfChannelClient.BasicHttp(host.Endpoints),
            WcfChannelClient.NetTcp(host.Endpoints, NetTcpSecurity.None),
            new GrpcTodoClient(host.Endpoints.Http2!),
        };

        foreach (var client in clients)
        {
            await using (client)
            {
                Assert.Equal(item.Id, await client.SendOneAsync(item, bounded.Token));
            }
        }

        Assert.NotNull(probe.Store);
        Assert.Equal(clients.Length, probe.Store.ReceivedCount);
    }

    [Fact]
    public async Task First_OverEveryStack_IsTheStoresFirstItem()
    {
        using var bounded = Bounded.Within(30);
        var probe = new StoreProbeModule();
        var options = new TargetHostOptions { Modules = [new TodoRestModule(), new WcfModule(), new GrpcModule(), probe] };
        await using var host = await TargetHost.StartAsync(options, bounded.Token);
        var clients = new ITodoClient[]
        {
            new RestTodoClient(host.Endpoints),
            new WebHttpWcfClient(host.Endpoints, WebHttpFormat.Json),
            new GrpcTodoClient(host.Endpoints.Http2!),
        };

        foreach (var client in clients)
        {
            await using (client)
            {
                var first = await client.FirstAsync(bounded.Token);
                Assert.Null(PayloadComparer.Todo(probe.Store!.First, first));
            }
        }
    }
}
