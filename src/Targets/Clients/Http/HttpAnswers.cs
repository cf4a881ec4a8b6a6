namespace PerfAssert.Targets.Clients.Http;

/// <summary>Turns a failed HTTP answer into an exception that says which request failed and what the server said.</summary>
internal static class HttpAnswers
{
    // Enough of the body to show a problem text, not a whole echoed payload.
    private const int MaxShown = 500;

    public static async Task EnsureSuccessAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        if (response.IsSuccessStatusCode)
        {
            return;
        }

        var body = await response.Content.ReadAsStringAsync(cancellationToken).ConfigureAwait(false);
        var shown = body.Length > MaxShown ? body[..MaxShown] + "..." : body;
        throw new HttpRequestException(
            $"{response.RequestMessage?.Method} {response.RequestMessage?.RequestUri} answered {(int)response.StatusCode} {response.ReasonPhrase}: {shown}",
            inner: null,
            response.StatusCode);
    }
}
