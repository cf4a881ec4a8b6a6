using System.Diagnostics;
using System.Net;

namespace PerfAssert.Load.Http11;

/// <summary>
/// The load worker's lean client for plain HTTP/1.1 (issue 30): keep-alive connections over sockets, one per loop, that write
/// the plan's request encoded once (<see cref="Http11Request"/>) and read each answer with an allocation-free parser
/// (<see cref="Http11ResponseParser"/>). What HttpClient spends per request on a request message, headers, a response object,
/// content streams and a cancellation timer it does not spend; on a small machine that CPU goes to the service loaded. On
/// Linux its runs are polled by event loops of its own (<see cref="PolledLoops"/>, issue 42), which keep the time
/// themselves; elsewhere connections are awaited, and one watchdog timer for all of them replaces the per-request timeout:
/// it closes a connection whose exchange has run past <see cref="LoadPlan.RequestTimeout"/>, or whose run is over, so no
/// exchange waits longer. Connections outlive a run (the warm-up's are the measured run's), and are closed when the client
/// is disposed.
/// </summary>
internal sealed class Http11Client : IDisposable
{
    /// <summary>The client's name in results (<see cref="LoadResult.Client"/>).</summary>
    public const string Name = "lean HTTP/1.1";

    private readonly LoadPlan _plan;
    private readonly List<Http11Connection> _all = [];
    private readonly Stack<Http11Connection> _idle = new();
    private readonly List<PolledConnection> _polled = [];
    private readonly Timer _watchdog;
    private readonly long _limit;
    private readonly int _checkMilliseconds;
    private IPAddress[]? _addresses;

    /// <summary>A client for <paramref name="plan"/>, which must be one it <see cref="Supports"/>; its runs are polled where they can be.</summary>
    public Http11Client(LoadPlan plan)
        : this(plan, Polled)
    {
    }

    /// <summary>A client whose runs are polled (<see cref="PolledLoops"/>, Linux only) or awaited, as <paramref name="polled"/> says.</summary>
    internal Http11Client(LoadPlan plan, bool polled)
    {
        if (polled && !Polled)
        {
            throw new PlatformNotSupportedException("The polled client runs on Linux (x64 or arm64) only.");
        }

        Polling = polled;
        ArgumentNullException.ThrowIfNull(plan);
        plan.Validate();
        if (!Supports(plan))
        {
            throw new ArgumentException($"The lean client loads plain http:// over HTTP/1.1, not {plan.Target} over HTTP/{plan.HttpVersion}; use LoadLoop with an HttpMessageInvoker.", nameof(plan));
        }

        _plan = plan;
        Request = Http11Request.Encode(plan);
        _limit = (long)(plan.RequestTimeout.TotalSeconds * Stopwatch.Frequency);
        // A tenth of the timeout, within 10 ms and 250 ms: an exchange is closed at most that long after its time is up.
        var period = TimeSpan.FromMilliseconds(Math.Clamp(plan.RequestTimeout.TotalMilliseconds / 10, 10, 250));
        _checkMilliseconds = (int)period.TotalMilliseconds;
        _watchdog = new Timer(static state => ((Http11Client)state!).Check(), this, period, period);
    }

    /// <summary>Whether the lean client can load <paramref name="plan"/>: HTTP/1.1 over plain http://.</summary>
    public static bool Supports(LoadPlan plan)
    {
        ArgumentNullException.ThrowIfNull(plan);
        return plan.HttpVersion == "1.1" && plan.Target.Scheme == Uri.UriSchemeHttp;
    }

    /// <summary>
    /// Whether runs go through event loops of the client's own (<see cref="PolledLoops"/>, on Linux) rather than awaited
    /// sockets; the awaited connections then serve the probe only.
    /// </summary>
    [System.Runtime.Versioning.SupportedOSPlatformGuard("linux")]
    internal static bool Polled => OperatingSystem.IsLinux() && Libc.Supported;

    /// <summary>Whether this client's runs are polled (see <see cref="Polled"/>).</summary>
    [System.Runtime.Versioning.SupportedOSPlatformGuard("linux")]
    internal bool Polling { get; }

    internal Uri Target => _plan.Target;

    internal TimeSpan RequestTimeout => _plan.RequestTimeout;

    internal ReadOnlyMemory<byte> Request { get; }

    /// <summary>The error of an exchange that had no answer within the request timeout, after <paramref name="received"/> bytes of it.</summary>
    internal (string Kind, string Text) TimedOut(long received) =>
        ("timeout", $"no answer within {RequestTimeout.TotalSeconds:0.#} s: the connection was closed after {received} bytes of the answer");

    /// <summary>The error of a failed socket call, counted by <paramref name="kind"/>, its text naming what was being done and to whom.</summary>
    internal (string Kind, string Text) Failure(string kind, bool connecting, string what) =>
        (kind, $"{(connecting ? "connecting to" : "exchanging with")} {Target}: {what}");

    private bool Bodiless => _plan.Method.Equals("HEAD", StringComparison.OrdinalIgnoreCase);

    /// <summary>Closes every connection and stops the watchdog.</summary>
    public void Dispose()
    {
        _watchdog.Dispose();
        lock (_all)
        {
            _all.ForEach(connection => connection.Close());
        }

        if (Polling)
        {
            foreach (var connection in _polled)
            {
                connection.Close();
            }
        }
    }

    /// <summary>
    /// One run of the closed loop over <paramref name="concurrency"/> polled connections (opened by the first run, kept for the
    /// next), on as many event loops as the runtime has processors, at most one per connection, each keeping the request
    /// timeout and the run's deadline at the watchdog's period.
    /// </summary>
    [System.Runtime.Versioning.SupportedOSPlatform("linux")]
    internal Task<List<long>[]> RunPolledAsync(int concurrency, PolledLoops.Run run)
    {
        while (_polled.Count < concurrency)
        {
            _polled.Add(new PolledConnection(this, _plan.Expect.MaxBodyBytes + 1, Bodiless));
        }

        var threads = Math.Clamp(Environment.ProcessorCount, 1, concurrency);
        return PolledLoops.RunAsync(_polled.Take(concurrency).ToArray(), threads, run, _limit, _checkMilliseconds);
    }

    /// <summary>A connection for one loop: an idle one (still open from the warm-up, say) or a new one.</summary>
    internal Http11Connection Rent()
    {
        lock (_all)
        {
            if (_idle.TryPop(out var idle))
            {
                idle.Rented();
                return idle;
            }

            var connection = new Http11Connection(this, _plan.Expect.MaxBodyBytes + 1, Bodiless);
            _all.Add(connection);
            return connection;
        }
    }

    internal void Return(Http11Connection connection)
    {
        if (Polling)
        {
            // Only the probe awaits a connection: the runs' own are polled.
            connection.Close();
            return;
        }

        lock (_all)
        {
            _idle.Push(connection);
        }
    }

    /// <summary>The target's addresses, resolved once for every connection (here at once, when no exchange has resolved them yet).</summary>
    internal IPAddress[] Addresses => _addresses ??= IPAddress.TryParse(Target.DnsSafeHost, out var address) ? [address] : Dns.GetHostAddresses(Target.DnsSafeHost);

    /// <summary>The target's addresses, resolved once for every connection.</summary>
    internal async ValueTask<IPAddress[]> AddressesAsync() =>
        _addresses ??= IPAddress.TryParse(Target.DnsSafeHost, out var address) ? [address] : await Dns.GetHostAddressesAsync(Target.DnsSafeHost).ConfigureAwait(false);

    private void Check()
    {
        var now = Stopwatch.GetTimestamp();
        lock (_all)
        {
            foreach (var connection in _all)
            {
                connection.Check(now, _limit);
            }
        }
    }
}
