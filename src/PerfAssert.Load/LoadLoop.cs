using System.Diagnostics;
using System.Net;
using PerfAssert.Load.Http11;

namespace PerfAssert.Load;

/// <summary>
/// The closed loop of a <see cref="LoadPlan"/>: <see cref="LoadPlan.Concurrency"/> loops each send their next request as soon as
/// the previous one is answered and checked. Lean on purpose, since on a small machine the client's CPU is taken from the
/// service it loads: over plain HTTP/1.1 each loop has a keep-alive connection of the lean client (<see cref="Http11Client"/>:
/// the request encoded once, answers parsed without allocating, on Linux polled by an event loop per processor, no timer
/// per request); over h2c and
/// in memory the loops share an <see cref="HttpMessageInvoker"/>. Either way bytes are compared without decoding them and
/// latencies kept as raw timestamps.
/// </summary>
internal sealed class LoadLoop
{
    /// <summary>The longest a fixed-time run waits, past its time, for the requests still in flight to be answered.</summary>
    public static readonly TimeSpan Drain = TimeSpan.FromSeconds(30);

    /// <summary>The client's name in results when the loop sends through an <see cref="HttpMessageInvoker"/>.</summary>
    public const string InvokerClient = "HttpMessageInvoker";

    private readonly LoadPlan _plan;
    private readonly Func<ILoadChannel> _open;
    private readonly string _client;
    private readonly Http11Client? _lean;
    private readonly Dictionary<string, (long Count, string First)> _kinds = [];
    private long _errors;
    private string? _firstError;

    /// <summary>A loop that sends <paramref name="plan"/>'s requests through <paramref name="invoker"/> (which it does not dispose).</summary>
    public LoadLoop(LoadPlan plan, HttpMessageInvoker invoker)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(invoker);
        plan.Validate();
        (_plan, _client) = (plan, InvokerClient);
        _open = () => new InvokerChannel(plan, invoker);
    }

    /// <summary>
    /// A loop that sends <paramref name="plan"/>'s requests over the connections of <paramref name="client"/>, made for the same
    /// plan (the loop does not dispose it).
    /// </summary>
    public LoadLoop(LoadPlan plan, Http11Client client)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(client);
        plan.Validate();
        (_plan, _client, _lean) = (plan, Http11Client.Name, client);
        _open = client.Rent;
    }

    private LoadLoop(LoadPlan plan, Func<ILoadChannel> open, string client, Http11Client? lean) => (_plan, _open, _client, _lean) = (plan, open, client, lean);

    /// <summary>The client the loop sends through, as results name it: <see cref="Http11Client.Name"/> or <see cref="InvokerClient"/>.</summary>
    public string Client => _client;

    /// <summary>
    /// The handler a worker loads with: one connection per concurrent request (as the plan says), no proxy, no cookies, no
    /// decompression, so nothing but the exchange itself costs the client CPU.
    /// </summary>
    public static SocketsHttpHandler CreateHandler(LoadPlan plan)
    {
        ArgumentNullException.ThrowIfNull(plan);
        return new SocketsHttpHandler
        {
            MaxConnectionsPerServer = plan.Connections ?? plan.Concurrency,
            EnableMultipleHttp2Connections = true,
            PooledConnectionLifetime = Timeout.InfiniteTimeSpan,
            PooledConnectionIdleTimeout = TimeSpan.FromMinutes(5),
            ConnectTimeout = plan.RequestTimeout,
            UseProxy = false,
            UseCookies = false,
            AllowAutoRedirect = false,
            AutomaticDecompression = DecompressionMethods.None,
        };
    }

    /// <summary>
    /// One request, not counted: null when the target answered (rightly or not: a wrong answer is the run's to count), else why
    /// it could not be reached (refused, unresolvable, no answer within the request timeout).
    /// </summary>
    public async Task<string?> ProbeAsync(CancellationToken cancellationToken)
    {
        var channel = _open();
        try
        {
            return await channel.ProbeAsync(cancellationToken).ConfigureAwait(false);
        }
        finally
        {
            channel.Release();
        }
    }

    /// <summary>Sends <see cref="LoadPlan.WarmupRequests"/> requests at the plan's concurrency and forgets what they measured.</summary>
    public Task WarmUpAsync(CancellationToken cancellationToken) =>
        _plan.WarmupRequests == 0
            ? Task.CompletedTask
            : new LoadLoop(_plan with { Requests = _plan.WarmupRequests, Duration = null }, _open, _client, _lean).RunAsync(cancellationToken);

    /// <summary>
    /// One more fixed-time run of <paramref name="duration"/> over the same connections, counted on its own (a load test's
    /// blocks): the loop's own <see cref="RunAsync"/> is left as it was.
    /// </summary>
    public Task<LoadResult> RunForAsync(TimeSpan duration, CancellationToken cancellationToken)
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(duration, TimeSpan.Zero);
        return new LoadLoop(_plan with { Duration = duration, Requests = null }, _open, _client, _lean).RunAsync(cancellationToken);
    }

    /// <summary>The measured run. Call it once per <see cref="LoadLoop"/>.</summary>
    public async Task<LoadResult> RunAsync(CancellationToken cancellationToken)
    {
        var deadline = _plan.Duration is { } duration ? duration + Drain : _plan.Deadline;
        using var overall = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        overall.CancelAfter(deadline);
        var started = Stopwatch.GetTimestamp();
        long issued = 0;
        bool Another() => !overall.IsCancellationRequested && (_plan.Requests is { } requests
            ? Interlocked.Increment(ref issued) <= requests
            : Stopwatch.GetElapsedTime(started) < _plan.Duration!.Value);

        var loops = _lean is { } lean && lean.Polling
            ? await lean.RunPolledAsync(_plan.Concurrency, new PolledLoops.Run(Another, Right, error => Count(error.Kind, 1, error.Text), deadline, overall.Token)).ConfigureAwait(false)
            : await Task.WhenAll(Enumerable.Range(0, _plan.Concurrency)
                .Select(_ => Task.Run(() => LoopAsync(Another, deadline, overall.Token), CancellationToken.None))).ConfigureAwait(false);
        var elapsed = Stopwatch.GetElapsedTime(started);
        cancellationToken.ThrowIfCancellationRequested();
        var answered = loops.Sum(l => l.Count) + Interlocked.Read(ref _errors);
        if (_plan.Requests is { } asked && asked > answered)
        {
            // Requests the deadline left unsent count as errors: the run was asked for all of them.
            Count("deadline", asked - answered, $"{asked - answered} requests not sent before the run's deadline of {deadline}");
        }

        var latencies = loops.SelectMany(l => l).Order().ToArray();
        return new LoadResult(
            _plan.Requests ?? answered, _errors, elapsed, Quantile(latencies, 0.5), Quantile(latencies, 0.95), Quantile(latencies, 0.99),
            [.. _kinds.OrderByDescending(k => k.Value.Count).Select(k => new LoadErrorCount(k.Key, k.Value.Count, k.Value.First))], _firstError)
        {
            Client = _client,
        };
    }

    private async Task<List<long>> LoopAsync(Func<bool> another, TimeSpan deadline, CancellationToken overall)
    {
        // Each loop keeps its correct answers' latencies (as timestamps' differences) and its own channel to the target.
        var latencies = new List<long>(_plan.Requests is { } n ? (int)Math.Min(n / _plan.Concurrency + 1, 1 << 20) : 1024);
        var channel = _open();
        try
        {
            while (another())
            {
                var sent = Stopwatch.GetTimestamp();
                if (!await channel.ExchangeAsync(overall).ConfigureAwait(false))
                {
                    var (kind, text) = overall.IsCancellationRequested ? ("deadline", $"the run's deadline of {deadline} passed") : channel.Error;
                    Count(kind, 1, text);
                }
                else if (Right(channel))
                {
                    latencies.Add(Stopwatch.GetTimestamp() - sent);
                }
            }
        }
        finally
        {
            channel.Release();
        }

        return latencies;
    }

    /// <summary>Whether the answer is the expected one; a wrong one is counted by its kind.</summary>
    private bool Right(ILoadAnswer answer)
    {
        var status = answer.Status;
        var longest = _plan.Expect.MaxBodyBytes;
        var tooLong = answer.BodyLength > longest && status == _plan.Expect.Status;
        if ((tooLong ? "body too long" : _plan.Expect.Kind(status, answer.Body)) is not { } kind)
        {
            return true;
        }

        Count(kind, 1, tooLong ? $"body over the {longest} bytes expected at most" : null, status, answer.Body);
        return false;
    }

    private void Count(string kind, long count, string? text, int status = 0, ReadOnlySpan<byte> body = default)
    {
        Interlocked.Add(ref _errors, count);
        lock (_kinds)
        {
            if (_kinds.TryGetValue(kind, out var seen))
            {
                _kinds[kind] = (seen.Count + count, seen.First);
                return;
            }

            // The text is built once per kind: only the first answer of each kind costs a decoding.
            text ??= _plan.Expect.Describe(kind, status, body);
            _kinds[kind] = (count, text);
            _firstError ??= text;
        }
    }

    private static double Quantile(long[] sorted, double p) =>
        sorted.Length == 0 ? double.NaN : Stopwatch.GetElapsedTime(0, sorted[Math.Min(sorted.Length - 1, (int)Math.Ceiling(p * sorted.Length) - 1)]).TotalMicroseconds;
}
