using System.Net;

namespace PerfAssert.Load;

/// <summary>
/// Requests through an <see cref="HttpMessageInvoker"/>, for h2c and in-memory hosts: one request message and one body wrapper
/// per request over the plan's body, each answer read into a buffer the loop keeps, a per-request timeout from one
/// <see cref="CancellationTokenSource"/> reset between requests.
/// </summary>
internal sealed class InvokerChannel(LoadPlan plan, HttpMessageInvoker invoker) : ILoadChannel
{
    private readonly HttpMethod _method = new(plan.Method);
    private readonly Version _version = plan.HttpVersion == "2" ? HttpVersion.Version20 : HttpVersion.Version11;

    // One byte over the longest body checked, so a longer one is seen to be longer.
    private readonly byte[] _buffer = new byte[plan.Expect.MaxBodyBytes + 1];
    private CancellationTokenSource? _timeout;
    private int _length;

    public int Status { get; private set; }

    public ReadOnlySpan<byte> Body => _buffer.AsSpan(0, _length);

    public long BodyLength => _length;

    public (string Kind, string Text) Error { get; private set; }

    public async ValueTask<bool> ExchangeAsync(CancellationToken run)
    {
        if (_timeout is null || !_timeout.TryReset())
        {
            _timeout?.Dispose();
            _timeout = CancellationTokenSource.CreateLinkedTokenSource(run);
        }

        _timeout.CancelAfter(plan.RequestTimeout);
        var token = _timeout.Token;
        try
        {
            using var response = await invoker.SendAsync(NewRequest(), token).ConfigureAwait(false);
            var stream = await response.Content.ReadAsStreamAsync(token).ConfigureAwait(false);
            await using (stream.ConfigureAwait(false))
            {
                _length = 0;
                int read;
                while (_length < _buffer.Length && (read = await stream.ReadAsync(_buffer.AsMemory(_length), token).ConfigureAwait(false)) > 0)
                {
                    _length += read;
                }

                Status = (int)response.StatusCode;
                return true;
            }
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException or OperationCanceledException or InvalidOperationException)
        {
            Error = ex is OperationCanceledException ? ("timeout", $"no answer within {plan.RequestTimeout.TotalSeconds:0.#} s")
                : (ex is HttpRequestException http ? $"{ex.GetType().Name} ({http.HttpRequestError})" : ex.GetType().Name, $"{ex.GetType().Name}: {ex.Message}");
            return false;
        }
    }

    public async Task<string?> ProbeAsync(CancellationToken cancellationToken)
    {
        using var timeout = CancellationTokenSource.CreateLinkedTokenSource(cancellationToken);
        timeout.CancelAfter(plan.RequestTimeout);
        try
        {
            using var response = await invoker.SendAsync(NewRequest(), timeout.Token).ConfigureAwait(false);
            await response.Content.LoadIntoBufferAsync(timeout.Token).ConfigureAwait(false);
            return null;
        }
        catch (HttpRequestException ex) when (ex.HttpRequestError is HttpRequestError.ConnectionError or HttpRequestError.NameResolutionError or HttpRequestError.SecureConnectionError)
        {
            return $"{ex.HttpRequestError}: {ex.Message}";
        }
        catch (OperationCanceledException) when (!cancellationToken.IsCancellationRequested)
        {
            return $"no answer within the request timeout of {plan.RequestTimeout.TotalSeconds:0.#} s";
        }
        catch (Exception ex) when (ex is HttpRequestException or IOException)
        {
            // Reached, but the exchange failed (a protocol the listener does not speak, say): the run counts each such error.
            return null;
        }
    }

    public void Release() => _timeout?.Dispose();

    private HttpRequestMessage NewRequest()
    {
        var request = new HttpRequestMessage(_method, plan.Target) { Version = _version, VersionPolicy = HttpVersionPolicy.RequestVersionExact };
        if (plan.Body is { } body)
        {
            // ByteArrayContent wraps the plan's bytes without copying them.
            request.Content = new ByteArrayContent(body);
            if (plan.ContentType is { } type)
            {
                request.Content.Headers.TryAddWithoutValidation("Content-Type", type);
            }
        }

        foreach (var (name, value) in plan.Headers)
        {
            if (!request.Headers.TryAddWithoutValidation(name, value))
            {
                request.Content?.Headers.TryAddWithoutValidation(name, value);
            }
        }

        return request;
    }
}
