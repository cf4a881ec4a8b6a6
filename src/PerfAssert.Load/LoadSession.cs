using System.Diagnostics;
using System.Text.Json;

namespace PerfAssert.Load;

/// <summary>
/// One load worker process that keeps its plans' connections open and runs them in turn, block by block, as the caller
/// asks (the worker's <c>--session</c> mode): a load test's subject and partner are loaded by the same process, so neither
/// gets a generator of its own with its own luck; a caller that interleaves blocks of its own (another generator's, say)
/// starts one directly. Every answer is bounded; past its time, on cancellation, on disposal or on any failure the worker
/// is killed with its process tree (and on Linux it stops by itself when this process dies).
/// </summary>
public sealed class LoadSession : IAsyncDisposable
{
    private static readonly TimeSpan StartUp = TimeSpan.FromMinutes(1);
    /// <summary>How long past a block's own end (its time, then its requests in flight) its result may take to arrive.</summary>
    private static readonly TimeSpan AnswerMargin = TimeSpan.FromSeconds(5);

    private readonly Process _process;
    private readonly IReadOnlyList<LoadPlan> _plans;
    private readonly LoadWorkerProcess.StandardError _stderr;
    private readonly string _what;

    private LoadSession(Process process, IReadOnlyList<LoadPlan> plans, LoadWorkerProcess.StandardError stderr)
    {
        (_process, _plans, _stderr) = (process, plans, stderr);
        _what = $"The load worker (process {process.Id}) loading {string.Join(" and ", plans.Select(p => $"'{p.Name}'"))}";
    }

    /// <summary>The worker's process id.</summary>
    public int ProcessId => _process.Id;

    /// <summary>Starts a worker for <paramref name="plans"/>; returns once each target answered and had its warm-up requests.</summary>
    /// <exception cref="LoadWorkerException">The worker could not start, a plan was refused, a target could not be reached, or
    /// the start took longer than <see cref="LoadWorkerOptions.Timeout"/> (by default a minute plus each plan's request timeout
    /// and warm-up deadline); the message has the worker's last words.</exception>
    public static async Task<LoadSession> StartAsync(IReadOnlyList<LoadPlan> plans, LoadWorkerOptions options, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(plans);
        ArgumentNullException.ThrowIfNull(options);
        ArgumentOutOfRangeException.ThrowIfLessThan(options.ProcessorCount, 1);
        foreach (var plan in plans)
        {
            plan.Validate();
        }

        var process = LoadWorkerProcess.Start(options, session: true);
        var stderr = new LoadWorkerProcess.StandardError();
        process.ErrorDataReceived += (_, e) => LoadWorkerProcess.Keep(stderr, e.Data);
        process.BeginErrorReadLine();
        var session = new LoadSession(process, plans, stderr);
        try
        {
            options.Started?.Invoke(process.Id);
            await session.SendAsync(JsonSerializer.Serialize(plans, LoadWorkerJson.Options)).ConfigureAwait(false);
            // Each target is reached once (at most its request timeout) and warmed up (at most its deadline), one after another.
            var ready = options.Timeout ?? plans.Aggregate(StartUp, (sum, p) => sum + p.RequestTimeout + (p.WarmupRequests > 0 ? p.Deadline : TimeSpan.Zero));
            var line = await session.ReadLineAsync(ready, "start", cancellationToken).ConfigureAwait(false);
            if (line != LoadSessionProtocol.Ready)
            {
                throw new LoadWorkerException($"{session._what} answered '{line}' instead of '{LoadSessionProtocol.Ready}'.{LoadWorkerProcess.Tail(stderr)}");
            }

            return session;
        }
        catch
        {
            await session.DisposeAsync().ConfigureAwait(false);
            throw;
        }
    }

    /// <summary>
    /// Runs plan <paramref name="index"/> (in the order given to <see cref="StartAsync"/>) for <paramref name="duration"/> on its
    /// open connections; the result counts this block alone, with the worker's CPU time over it (<see cref="LoadResult.Cpu"/>).
    /// </summary>
    /// <exception cref="LoadWorkerException">The worker crashed, or gave no result within the block's time, its drain and a
    /// margin; it is then killed.</exception>
    public async Task<LoadResult> RunAsync(int index, TimeSpan duration, CancellationToken cancellationToken = default)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(index);
        ArgumentOutOfRangeException.ThrowIfGreaterThanOrEqual(index, _plans.Count);
        await SendAsync(LoadSessionProtocol.FormatRun(index, duration)).ConfigureAwait(false);
        // A block ends by its time plus its requests in flight, each bounded by the request timeout (closed at most a second
        // past it) and all by the loop's drain.
        var drain = TimeSpan.FromTicks(Math.Min(LoadLoop.Drain.Ticks, (_plans[index].RequestTimeout + TimeSpan.FromSeconds(1)).Ticks));
        var line = await ReadLineAsync(duration + drain + AnswerMargin, $"a block of '{_plans[index].Name}'", cancellationToken).ConfigureAwait(false);
        try
        {
            return JsonSerializer.Deserialize<LoadResult>(line, LoadWorkerJson.Options) ?? throw new JsonException("the result is JSON null");
        }
        catch (JsonException ex)
        {
            await LoadWorkerProcess.StopAsync(_process).ConfigureAwait(false);
            throw new LoadWorkerException($"{_what} answered a block with something other than a result ({ex.Message}): '{line[..Math.Min(line.Length, 500)]}'.{LoadWorkerProcess.Tail(_stderr)}", ex);
        }
    }

    /// <summary>Ends the session: closes the worker's input, gives it a few seconds to exit, then kills it with its tree.</summary>
    public async ValueTask DisposeAsync()
    {
        try
        {
            _process.StandardInput.Close();
            await _process.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(5), CancellationToken.None).ConfigureAwait(false);
        }
        catch (Exception ex) when (ex is IOException or TimeoutException or InvalidOperationException)
        {
            // Gone already, or slow to go: killed below.
        }
        finally
        {
            await LoadWorkerProcess.StopAsync(_process).ConfigureAwait(false);
            _process.Dispose();
        }
    }

    private async Task SendAsync(string line)
    {
        try
        {
            await _process.StandardInput.WriteLineAsync(line).ConfigureAwait(false);
            await _process.StandardInput.FlushAsync().ConfigureAwait(false);
        }
        catch (IOException)
        {
            // The worker is gone; reading its answer reports why.
        }
    }

    private async Task<string> ReadLineAsync(TimeSpan timeout, string what, CancellationToken cancellationToken)
    {
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        deadline.CancelAfter(timeout);
        string? line;
        try
        {
            line = await _process.StandardOutput.ReadLineAsync(deadline.Token).ConfigureAwait(false);
        }
        catch (OperationCanceledException)
        {
            await LoadWorkerProcess.StopAsync(_process).ConfigureAwait(false);
            cancellationToken.ThrowIfCancellationRequested();
            throw new LoadWorkerException($"{_what} did not answer {what} within {timeout.TotalSeconds:0.#} s; it was killed with its process tree.{LoadWorkerProcess.Tail(_stderr)}");
        }

        if (line is not null)
        {
            return line;
        }

        // Its output ended: it exited (or is about to); its exit code says why.
        try
        {
            await _process.WaitForExitAsync(CancellationToken.None).WaitAsync(AnswerMargin, CancellationToken.None).ConfigureAwait(false);
        }
        catch (TimeoutException)
        {
            await LoadWorkerProcess.StopAsync(_process).ConfigureAwait(false);
        }

        if (!_process.WaitForExit(AnswerMargin))
        {
            throw new LoadWorkerException($"{_what} stopped answering {what} and could not be stopped within {AnswerMargin.TotalSeconds:0} s.{LoadWorkerProcess.Tail(_stderr)}");
        }

        var targets = string.Join(" or ", _plans.Select(p => p.Target.ToString()).Distinct(StringComparer.Ordinal));
        throw LoadWorkerProcess.Failure(_process, $"{_what}, asked for {what},", targets, _stderr);
    }
}
