using PerfAssert.Targets.Hosting;
using Xunit;

namespace PerfAssert.Targets.Fixtures;

/// <summary>
/// Starts a <see cref="TargetHost"/> once for a test class (<c>IClassFixture&lt;T&gt;</c>) and stops it afterwards.
/// A failed start-up throws the host's exception, whose message carries the host log.
/// </summary>
public abstract class TargetsFixture : IAsyncLifetime
{
    private readonly TargetHostOptions _options;
    private TargetHost? _host;

    protected TargetsFixture(TargetHostOptions options)
    {
        ArgumentNullException.ThrowIfNull(options);
        _options = options;
    }

    /// <summary>The running host.</summary>
    public TargetHost Host => _host ?? throw new InvalidOperationException($"{GetType().Name} has not started; xUnit starts it before the first test.");

    /// <summary>Where the targets can be reached.</summary>
    public TargetEndpoints Endpoints => Host.Endpoints;

    public async ValueTask InitializeAsync() =>
        _host = await TargetHost.StartAsync(_options, TestContext.Current.CancellationToken).ConfigureAwait(false);

    public async ValueTask DisposeAsync()
    {
        if (_host is not null)
        {
            await _host.DisposeAsync().ConfigureAwait(false);
            _host = null;
        }

        GC.SuppressFinalize(this);
    }
}
