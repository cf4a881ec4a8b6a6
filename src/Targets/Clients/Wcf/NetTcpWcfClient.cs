using System.Net;
using System.Security.Authentication;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;
using PerfAssert.Targets.Services.Wcf.NetTcp;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// The client of the NetTcp stand-in, in place of a WCF <c>ChannelFactory</c> over NetTcpBinding (the WCF client did
/// not restore here when the stand-ins were written; tests/Conformance now runs it as a peer). One pooled connection per instance, opened on first use and reused; calls on one
/// instance run one at a time; a broken connection is dropped and the next call opens a new one. A SOAP fault
/// keeps the connection, as it does in WCF.
/// </summary>
public sealed class NetTcpWcfClient : WcfClient
{
    private readonly IPEndPoint _endpoint;
    private readonly NetTcpSecurity _security;
    private readonly TimeSpan _timeout;
    private readonly Func<System.Security.Cryptography.X509Certificates.X509Certificate?, bool> _trust;
    private readonly SemaphoreSlim _gate = new(1, 1);
    private NetTcpClientConnection? _connection;

    public NetTcpWcfClient(TargetEndpoints endpoints, NetTcpSecurity security, TimeSpan? timeout = null)
        : this(
            Listener(endpoints, security),
            security,
            timeout,
            endpoints.TrustNetTcpCertificateOnFirstUse ? NetTcpCertificate.TrustOnFirstUse() : NetTcpCertificate.IsPinned)
    {
    }

    /// <summary>
    /// A client of a NetTcp service elsewhere, without transport security: a real WCF service (NetTcpBinding with
    /// SecurityMode.None) listening on <c>net.tcp://{endpoint}/wcf/nettcp</c>, as the conformance tests host one with Mono.
    /// </summary>
    public NetTcpWcfClient(IPEndPoint endpoint, TimeSpan? timeout = null)
        : this(endpoint ?? throw new ArgumentNullException(nameof(endpoint)), NetTcpSecurity.None, timeout, NetTcpCertificate.IsPinned)
    {
    }

    private NetTcpWcfClient(IPEndPoint endpoint, NetTcpSecurity security, TimeSpan? timeout, Func<System.Security.Cryptography.X509Certificates.X509Certificate?, bool> trust)
    {
        _endpoint = endpoint;
        _security = security;
        _timeout = timeout ?? DefaultTimeout;
        _trust = trust;
    }

    private static IPEndPoint Listener(TargetEndpoints endpoints, NetTcpSecurity security)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var protocol = security == NetTcpSecurity.None ? WcfModule.NetTcpTuned : WcfModule.NetTcpDefault;
        return endpoints.Tcp.TryGetValue(protocol, out var endpoint)
            ? endpoint
            : throw new InvalidOperationException($"The targets expose no '{protocol}' TCP listener; NetTcp needs a socket host (TargetHostOptions.InMemory = false) with the WCF module.");
    }

    public override string Name => _security == NetTcpSecurity.None ? "Wcf.NetTcp/Tuned" : "Wcf.NetTcp/Default";

    /// <summary>The TLS protocol the open connection negotiated, or <see langword="null"/> (no connection, or no security).</summary>
    public SslProtocols? NegotiatedTlsProtocol => _connection?.TlsProtocol;

    public override async ValueTask DisposeAsync()
    {
        await _gate.WaitAsync().ConfigureAwait(false);
        try
        {
            await DropConnectionAsync().ConfigureAwait(false);
        }
        finally
        {
            _gate.Release();
        }
    }

    protected internal override async Task<object?> InvokeAsync(string operation, object?[] arguments, CancellationToken cancellationToken)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(_timeout);
        try
        {
            await _gate.WaitAsync(timeout.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            throw new TimeoutException($"{Name} {operation} waited longer than {_timeout} for the connection.");
        }

        try
        {
            _connection ??= await NetTcpClientConnection.OpenAsync(_endpoint, _security, _trust, timeout.Token).ConfigureAwait(false);
            return await _connection.CallAsync(operation, arguments, timeout.Token).ConfigureAwait(false);
        }
        catch (WcfFaultException)
        {
            throw;
        }
        catch (Exception ex)
        {
            // Anything but a SOAP fault leaves the session in an unknown state: never reuse it.
            await DropConnectionAsync().ConfigureAwait(false);
            if (ex is OperationCanceledException && !cancellationToken.IsCancellationRequested)
            {
                throw new TimeoutException($"{Name} {operation} did not complete within {_timeout}.", ex);
            }

            throw;
        }
        finally
        {
            _gate.Release();
        }
    }

    private async Task DropConnectionAsync()
    {
        if (_connection is { } connection)
        {
            _connection = null;
            await connection.DisposeAsync().ConfigureAwait(false);
        }
    }
}
