using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Floor;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>The HTTP floor: GET <c>/floor/empty</c>, the cheapest request Kestrel can answer.</summary>
public sealed class FloorHttpClient : IAsyncDisposable
{
    private readonly HttpClient _http;

    public FloorHttpClient(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        _http = endpoints.CreateHttpClient();
    }

    /// <summary>Sends one GET and checks the answer is an empty 200.</summary>
    public async Task GetEmptyAsync(CancellationToken cancellationToken)
    {
        using var response = await _http.GetAsync(FloorModule.EmptyRoute.TrimStart('/'), HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        await HttpAnswers.EnsureSuccessAsync(response, cancellationToken).ConfigureAwait(false);
        var body = await response.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
        if (body.Length != 0)
        {
            throw new InvalidDataException($"GET {FloorModule.EmptyRoute} answered {body.Length} bytes instead of none.");
        }
    }

    public ValueTask DisposeAsync()
    {
        _http.Dispose();
        return ValueTask.CompletedTask;
    }
}
