using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Todos;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>The operations experiment over REST: <see cref="TodoController"/> with Newtonsoft JSON.</summary>
public sealed class RestTodoClient : ITodoClient
{
    private readonly HttpClient _http;
    private readonly HttpPayloadFormat _format = HttpPayloadFormat.Newtonsoft;

    public RestTodoClient(TargetEndpoints endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        _http = endpoints.CreateHttpClient();
    }

    public string Name => "AspNetCore.Controllers/Newtonsoft";

    public Task<List<TodoItem>> GetAsync(CancellationToken cancellationToken) =>
        SendAsync<List<TodoItem>>(HttpMethod.Get, TodoController.RoutePrefix, null, cancellationToken);

    public Task<TodoItem> FirstAsync(CancellationToken cancellationToken) =>
        SendAsync<TodoItem>(HttpMethod.Get, TodoController.RoutePrefix + "/first", null, cancellationToken);

    public Task<int> SendAsync(List<TodoItem> items, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(items);
        return SendAsync<int>(HttpMethod.Post, TodoController.RoutePrefix, _format.Serialize(items), cancellationToken);
    }

    public Task<int> SendOneAsync(TodoItem item, CancellationToken cancellationToken)
    {
        ArgumentNullException.ThrowIfNull(item);
        return SendAsync<int>(HttpMethod.Post, TodoController.RoutePrefix + "/one", _format.Serialize(item), cancellationToken);
    }

    public ValueTask DisposeAsync()
    {
        _http.Dispose();
        return ValueTask.CompletedTask;
    }

    private async Task<T> SendAsync<T>(HttpMethod method, string path, HttpContent? content, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(method, path) { Content = content };
        request.Headers.Accept.ParseAdd(_format.MediaType);
        using var response = await _http.SendAsync(request, HttpCompletionOption.ResponseHeadersRead, cancellationToken).ConfigureAwait(false);
        await HttpAnswers.EnsureSuccessAsync(response, cancellationToken).ConfigureAwait(false);
        return await _format.DeserializeAsync<T>(response.Content, cancellationToken).ConfigureAwait(false);
    }
}
