using System.Net;
using System.ServiceModel;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;
using NetTcpSecurity = PerfAssert.Targets.Services.Wcf.NetTcp.NetTcpSecurity;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// The real WCF client (dotnet/wcf) of the BasicHttp and NetTcp stand-ins: a <see cref="ChannelFactory{TChannel}"/> of
/// <see cref="IWcfService"/> set up by <see cref="WcfClientBindings"/>, and one channel of it, opened on first use and
/// shared by every call (a WCF channel takes concurrent calls). A fault reply throws WCF's <see cref="FaultException"/>
/// and leaves the channel open; a channel WCF faulted (a broken connection, or an InternalServiceFault on a session)
/// is aborted and the next call opens a new one. Every call is bounded by the timeout (its OperationTimeout) and by the
/// caller's token.
/// </summary>
public sealed class WcfChannelClient : IWcfClient
{
    /// <summary>How long one call may take, opening the channel included. <value>The default is 30 seconds.</value></summary>
    public static readonly TimeSpan DefaultTimeout = TimeSpan.FromSeconds(30);

    private readonly ChannelFactory<IWcfService> _factory;
    private readonly TimeSpan _timeout;
    private readonly SemaphoreSlim _opening = new(1, 1);
    private IWcfService? _channel;

    private WcfChannelClient(string name, ChannelFactory<IWcfService> factory, TimeSpan timeout)
    {
        Name = name;
        _factory = factory;
        _timeout = timeout;
    }

    public string Name { get; }

    /// <summary>The shared channel's state, or <see langword="null"/> before the first call opened one.</summary>
    public CommunicationState? ChannelState => _channel is { } channel ? ((ICommunicationObject)channel).State : null;

    /// <summary>A BasicHttp client of the targets' SOAP endpoint, over loopback or in memory.</summary>
    public static WcfChannelClient BasicHttp(TargetEndpoints endpoints, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var limit = timeout ?? DefaultTimeout;
        var address = new Uri(endpoints.Http, BasicHttpEndpoint.Path.TrimStart('/'));
        return new("Wcf.BasicHttp/Text", WcfClientBindings.BasicHttpFactory<IWcfService>(address, limit, endpoints.InMemoryHandler), limit);
    }

    /// <summary>A BasicHttp client of a service elsewhere (a Mono BasicHttpBinding service in the conformance tests).</summary>
    public static WcfChannelClient BasicHttp(Uri address, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(address);
        var limit = timeout ?? DefaultTimeout;
        return new("Wcf.BasicHttp/Text", WcfClientBindings.BasicHttpFactory<IWcfService>(address, limit), limit);
    }

    /// <summary>
    /// A NetTcp client of the targets' tuned (<see cref="NetTcpSecurity.None"/>) or default (TLS) listener. With TLS it
    /// trusts only this process's stand-in certificate, or, for a host in another process, the first one it is shown.
    /// </summary>
    public static WcfChannelClient NetTcp(TargetEndpoints endpoints, NetTcpSecurity security, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var protocol = security == NetTcpSecurity.None ? WcfModule.NetTcpTuned : WcfModule.NetTcpDefault;
        if (!endpoints.Tcp.TryGetValue(protocol, out var endpoint))
        {
            throw new InvalidOperationException($"The targets expose no '{protocol}' TCP listener; NetTcp needs a socket host (TargetHostOptions.InMemory = false) with the WCF module.");
        }

        var trust = endpoints.TrustNetTcpCertificateOnFirstUse ? NetTcpCertificate.TrustOnFirstUse() : NetTcpCertificate.IsPinned;
        var limit = timeout ?? DefaultTimeout;
        var name = security == NetTcpSecurity.None ? "Wcf.NetTcp/Tuned" : "Wcf.NetTcp/Default";
        return new(name, WcfClientBindings.NetTcpFactory<IWcfService>(Address(endpoint), security, limit, trust), limit);
    }

    /// <summary>
    /// A NetTcp client, without security, of a service elsewhere listening on <c>net.tcp://{endpoint}/wcf/nettcp</c> (a Mono
    /// NetTcpBinding service in the conformance tests).
    /// </summary>
    public static WcfChannelClient NetTcp(IPEndPoint endpoint, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        var limit = timeout ?? DefaultTimeout;
        return new("Wcf.NetTcp/Tuned", WcfClientBindings.NetTcpFactory<IWcfService>(Address(endpoint), NetTcpSecurity.None, limit, NetTcpCertificate.IsPinned), limit);
    }

    /// <summary>The stand-in's NetTcp address: the path is the one a WCF service would be hosted at; the stand-in serves any.</summary>
    public static Uri Address(IPEndPoint endpoint)
    {
        ArgumentNullException.ThrowIfNull(endpoint);
        return new Uri($"net.tcp://{endpoint}/wcf/nettcp");
    }

    public Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items, CancellationToken cancellationToken) =>
        CallAsync(static (service, items) => service.EchoSmallAsync(items), items, cancellationToken);

    public Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items, CancellationToken cancellationToken) =>
        CallAsync(static (service, items) => service.EchoLargeAsync(items), items, cancellationToken);

    public Task<List<CompositeType>> GetDataStreamAsync(int min, int max, CancellationToken cancellationToken) =>
        CallAsync(static (service, range) => service.GetDataStreamAsync(range.min, range.max), (min, max), cancellationToken);

    public Task<List<TodoItem>> GetAsync(CancellationToken cancellationToken) =>
        CallAsync(static (service, _) => service.GetTodosAsync(), 0, cancellationToken);

    public Task<TodoItem> FirstAsync(CancellationToken cancellationToken) =>
        CallAsync(static (service, _) => service.FirstTodoAsync(), 0, cancellationToken);

    public Task<int> SendAsync(List<TodoItem> items, CancellationToken cancellationToken) =>
        CallAsync(static (service, items) => service.SendTodosAsync(items), items, cancellationToken);

    public Task<int> SendOneAsync(TodoItem item, CancellationToken cancellationToken) =>
        CallAsync(static (service, item) => service.SendTodoAsync(item), item, cancellationToken);

    public async ValueTask DisposeAsync()
    {
        // An opening still under way past the timeout is left to fail on its own; the factory's close aborts its channel.
        var entered = await _opening.WaitAsync(_timeout).ConfigureAwait(false);
        try
        {
            if (Interlocked.Exchange(ref _channel, null) is { } channel)
            {
                await CloseAsync((ICommunicationObject)channel).ConfigureAwait(false);
            }

            await CloseAsync(_factory).ConfigureAwait(false);
        }
        finally
        {
            if (entered)
            {
                _opening.Release();
            }
        }
    }

    private async Task<TResult> CallAsync<TArgument, TResult>(Func<IWcfService, TArgument, Task<TResult>> call, TArgument argument, CancellationToken cancellationToken)
    {
        var channel = _channel is { } open && ((ICommunicationObject)open).State == CommunicationState.Opened
            ? open
            : await OpenChannelAsync(cancellationToken).ConfigureAwait(false);
        // The call itself ends within OperationTimeout; the token lets the caller stop waiting sooner.
        return await call(channel, argument).WaitAsync(cancellationToken).ConfigureAwait(false);
    }

    private async Task<IWcfService> OpenChannelAsync(CancellationToken cancellationToken)
    {
        if (!await _opening.WaitAsync(_timeout, cancellationToken).ConfigureAwait(false))
        {
            throw new TimeoutException($"{Name} waited longer than {_timeout} for its channel to open.");
        }

        try
        {
            if (_channel is { } current)
            {
                var state = ((ICommunicationObject)current).State;
                if (state == CommunicationState.Opened)
                {
                    return current;
                }

                // Faulted (or closed): WCF never reopens a channel, so this one is done with.
                ((ICommunicationObject)current).Abort();
                _channel = null;
            }

            var channel = _factory.CreateChannel();
            var communication = (ICommunicationObject)channel;
            try
            {
                // Bounded by the binding's OpenTimeout.
                await Task.Factory.FromAsync(communication.BeginOpen, communication.EndOpen, null).WaitAsync(cancellationToken).ConfigureAwait(false);
            }
            catch
            {
                communication.Abort();
                throw;
            }

            _channel = channel;
            return channel;
        }
        finally
        {
            _opening.Release();
        }
    }

    private static async Task CloseAsync(ICommunicationObject communication)
    {
        if (communication.State != CommunicationState.Opened)
        {
            communication.Abort();
            return;
        }

        try
        {
            // Bounded by the binding's CloseTimeout.
            await Task.Factory.FromAsync(communication.BeginClose, communication.EndClose, null).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is CommunicationException or TimeoutException or ObjectDisposedException)
        {
            communication.Abort();
        }
    }
}
