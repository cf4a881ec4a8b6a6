namespace PerfAssert.Hosting.Builds;

/// <summary>
/// Sends each request to the worker currently selected, whatever address the caller used: the measured code keeps one
/// <see cref="HttpClient"/> and the engine moves it between the two builds. Both builds go through this same handler.
/// </summary>
internal sealed class WorkerRoute : DelegatingHandler
{
    private volatile WorkerProcess? _target;

    public WorkerRoute()
        : base(new SocketsHttpHandler { PooledConnectionIdleTimeout = TimeSpan.FromMinutes(5) })
    {
    }

    public void Select(WorkerProcess worker) => _target = worker;

    /// <summary>The worker whose turn it is; throws outside a measurement.</summary>
    public WorkerProcess Selected => _target ?? throw new InvalidOperationException(
        "This client calls the service's baseline-build workers, which run only while a test measures them: use it inside Perf.Measure(...).AgainstBaseline(file, id, builds).");

    public void Clear(WorkerProcess worker)
    {
        if (_target == worker)
        {
            _target = null;
        }
    }

    protected override Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var target = Selected;
        var address = request.RequestUri is { IsAbsoluteUri: true } absolute ? absolute.PathAndQuery : request.RequestUri?.OriginalString ?? "/";
        request.RequestUri = new Uri(target.Address, address);
        return base.SendAsync(request, cancellationToken);
    }
}
