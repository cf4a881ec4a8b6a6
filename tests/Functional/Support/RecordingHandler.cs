using System.Text;

namespace PerfAssert.Functional.Support;

/// <summary>
/// Records what a client really puts on the wire (method, path, content headers, SOAPAction and body) before passing
/// the request on, so snapshots show the bytes a client sends rather than a re-serialization by hand.
/// </summary>
internal sealed class RecordingHandler(HttpMessageHandler inner) : DelegatingHandler(inner)
{
    private readonly List<string> _requests = [];

    public IReadOnlyList<string> Requests => _requests;

    protected override async Task<HttpResponseMessage> SendAsync(HttpRequestMessage request, CancellationToken cancellationToken)
    {
        var text = new StringBuilder();
        text.Append(request.Method).Append(' ').Append(request.RequestUri?.AbsolutePath).Append('\n');
        if (request.Headers.TryGetValues("SOAPAction", out var actions))
        {
            text.Append("SOAPAction: ").Append(string.Join(", ", actions)).Append('\n');
        }

        if (request.Content is { } content)
        {
            text.Append("Content-Type: ").Append(content.Headers.ContentType).Append('\n');
            var body = await content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
            text.Append("Content-Length: ").Append(body.Length).Append("\n\n").Append(Encoding.UTF8.GetString(body)).Append('\n');
        }

        lock (_requests)
        {
            _requests.Add(text.ToString());
        }

        return await base.SendAsync(request, cancellationToken).ConfigureAwait(false);
    }
}
