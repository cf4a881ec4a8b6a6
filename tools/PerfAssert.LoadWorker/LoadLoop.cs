using System.Diagnostics;
using System.Net;

namespace PerfAssert.LoadWorker;

/// <summary>
/// The closed loop of a <see cref="LoadPlan"/>: <see cref="LoadPlan.Concurrency"/> loops each send their next request as soon as
/// the previous one is answered and checked. Lean on purpose, since on a small machine the client's CPU is taken from the
/// service it loads: one request message and one body wrapper per request over a body built once, answers read into a buffer
/// each loop keeps, bytes compared without decoding them, latencies kept as raw timestamps.
/// </summary>
public sealed class LoadLoop
{
    /// <summary>The longest a fixed-time run waits, past its time, for the requests still in flight to be answered.</summary>
    public static readonly TimeSpan Drain = TimeSpan.FromSeconds(30);

    private readonly LoadPlan _plan;
    private readonly HttpMessageInvoker _invoker;
    private readonly HttpMethod _method;
    private readonly Version _version;
    private readonly Dictionary<string, (long Count, string First)> _kinds = [];
    private long _errors;
    private string? _firstError;

    /// <summary>A loop that sends <paramref name="plan"/>'s requests through <paramref name="invoker"/> (which it does not dispose).</summary>
    public LoadLoop(LoadPlan plan, HttpMessageInvoker invoker)
    {
        ArgumentNullException.ThrowIfNull(plan);
        ArgumentNullException.ThrowIfNull(invoker);
        plan.Validate();
        _plan = plan;
        _invoker = invoker;
        _method = new HttpMethod(plan.Method);
        _version = plan.HttpVersion == "2" ? HttpVersion.Version20 : HttpVersion.Version11;
    }

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
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(_plan.RequestTimeout);
        try
        {
            using var response = await _invoker.SendAsync(NewRequest(), timeout.Token).ConfigureAwait(false);
            await response.Content.LoadIntoBufferAsync(timeout.Token).ConfigureAwait(false);
            return null;
        }
        catch (HttpRequestException ex) when (ex.HttpRequestError is HttpRequestError.ConnectionError or HttpRequestError.NameResolutionError or HttpRequestError.SecureConnectionError)
        {
            return $"{ex.HttpRequestError}: {ex.Message}";
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            return $"no answer within the request timeout of {_plan.RequestTimeout.TotalSeconds:0.#} s";
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException)
        {
            // Reached, but the exchange failed (a protocol the listener does not speak, say): the run counts each such error.
            return null;
        }
    }

    /// <summary>Sends <see cref="LoadPlan.WarmupRequests"/> requests at the plan's concurrency and forgets what they measured.</summary>
    public Task WarmUpAsync(CancellationToken cancellationToken) =>
        _plan.WarmupRequests == 0
            ? Task.CompletedTask
            : new LoadLoop(_plan with { Requests = _plan.WarmupRequests, Duration = null }, _invoker).RunAsync(cancellationToken);

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

        var loops = await Task.WhenAll(Enumerable.Range(0, _plan.Concurrency)
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
            [.. _kinds.OrderByDescending(k => k.Value.Count).Select(k => new LoadErrorCount(k.Key, k.Value.Count, k.Value.First))], _firstError);
    }

    private async Task<List<long>> LoopAsync(Func<bool> another, TimeSpan deadline, CancellationToken overall)
    {
        // Each loop keeps its correct answers' latencies (as timestamps' differences) and one buffer for the answers' bodies.
        var latencies = new List<long>(_plan.Requests is { } n ? (int)Math.Min(n / _plan.Concurrency + 1, 1 << 20) : 1024);
        var buffer = new byte[_plan.Expect.MaxBodyBytes + 1];
        var timeout = CancellationTokenSource.CreateLinkedTokenSource(overall);
        try
        {
            while (another())
            {
                var sent = Stopwatch.GetTimestamp();
                timeout.CancelAfter(_plan.RequestTimeout);
                var ok = await SendAsync(buffer, timeout.Token, overall, deadline).ConfigureAwait(false);
                if (ok)
                {
                    latencies.Add(Stopwatch.GetTimestamp() - sent);
                }

                if (!timeout.TryReset())
                {
                    timeout.Dispose();
                    timeout = CancellationTokenSource.CreateLinkedTokenSource(overall);
                }
            }
        }
        finally
        {
            timeout.Dispose();
        }

        return latencies;
    }

    private async Task<bool> SendAsync(byte[] buffer, CancellationToken token, CancellationToken overall, TimeSpan deadline)
    {
        try
        {
            using var response = await _invoker.SendAsync(NewRequest(), token).ConfigureAwait(false);
            var stream = await response.Content.ReadAsStreamAsync(token).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                var length = 0;
                int read;
                while (length < buffer.Length && (read = await stream.ReadAsync(buffer.AsMemory(length), token).ConfigureAwait(false)) > 0)
                {
                    length += read;
                }

                var status = (int)response.StatusCode;
                var tooLong = length == buffer.Length && status == _plan.Expect.Status;
                if ((tooLong ? "body too long" : _plan.Expect.Kind(status, buffer.AsSpan(0, length))) is not { } kind)
                {
                    return true;
                }

                Count(kind, 1, tooLong ? $"body over the {buffer.Length - 1} bytes expected at most" : null, status, buffer.AsSpan(0, length));
                return false;
            }
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException or OperationCanceledException or InvalidOperationException)
        {
            var (kind, text) = overall.IsCancellationRequested ? ("deadline", $"the run's deadline of {deadline} passed")
                : ex is OperationCanceledException ? ("timeout", $"no answer within {_plan.RequestTimeout.TotalSeconds:0.#} s")
                : (ex is HttpRequestException http ? $"{ex.GetType().Name} ({http.HttpRequestError})" : ex.GetType().Name, $"{ex.GetType().Name}: {ex.Message}");
            Count(kind, 1, text);
            return false;
        }
    }

    private HttpRequestMessage NewRequest()
    {
        var request = new HttpRequestMessage(_method, _plan.Target) { Version = _version, VersionPolicy = HttpVersionPolicy.RequestVersionExact };
        if (_plan.Body is { } body)
        {
            // ByteArrayContent wraps the plan's bytes without copying them.
            request.Content = new ByteArrayContent(body);
            if (_plan.ContentType is { } type)
            {
                request.Content.Headers.TryAddWithoutValidation("Content-Type", type);
            }
        }

        foreach (var (name, value) in _plan.Headers)
        {
            if (!request.Headers.TryAddWithoutValidation(name, value))
            {
                request.Content?.Headers.TryAddWithoutValidation(name, value);
            }
        }

        return request;
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
