using System.Net.Http.Headers;
using System.Text;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// The client of the WebHttpBinding stand-in: <see cref="HttpClient"/> with bare DataContractSerializer XML or
/// DataContractJsonSerializer JSON bodies, because .NET's WCF client (dotnet/wcf) has no WebHttpBinding and no
/// <c>WebChannelFactory</c> (its feature table lists WebHttpBinding as not supported); a WebHttp endpoint is plain HTTP
/// to any other client. A non-success status throws <see cref="HttpRequestException"/> with the status and the body.
/// </summary>
public sealed class WebHttpWcfClient : IWcfClient
{
    private readonly HttpClient _http;
    private readonly WebHttpFormat _format;
    private readonly MediaTypeHeaderValue _contentType;
    private readonly string _prefix;

    public WebHttpWcfClient(TargetEndpoints endpoints, WebHttpFormat format, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        _http = endpoints.CreateHttpClient(timeout ?? WcfChannelClient.DefaultTimeout);
        _format = format;
        _contentType = MediaTypeHeaderValue.Parse(WebHttpSerializer.ContentType(format));
        _prefix = (format == WebHttpFormat.Json ? WebHttpEndpoints.JsonPrefix : WebHttpEndpoints.XmlPrefix).TrimStart('/') + "/";
    }

    public string Name => "Wcf.WebHttp/" + _format;

    public async Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items, CancellationToken cancellationToken) =>
        (List<SmallItem>)(await InvokeAsync(WcfContract.EchoSmall, [items], cancellationToken).ConfigureAwait(false))!;

    public async Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items, CancellationToken cancellationToken) =>
        (List<LargeItem>)(await InvokeAsync(WcfContract.EchoLarge, [items], cancellationToken).ConfigureAwait(false))!;

    public async Task<List<CompositeType>> GetDataStreamAsync(int min, int max, CancellationToken cancellationToken) =>
        (List<CompositeType>)(await InvokeAsync(WcfContract.GetDataStream, [min, max], cancellationToken).ConfigureAwait(false))!;

    public async Task<List<TodoItem>> GetAsync(CancellationToken cancellationToken) =>
        (List<TodoItem>)(await InvokeAsync(WcfContract.GetTodos, [], cancellationToken).ConfigureAwait(false))!;

    public async Task<TodoItem> FirstAsync(CancellationToken cancellationToken) =>
        (TodoItem)(await InvokeAsync(WcfContract.FirstTodo, [], cancellationToken).ConfigureAwait(false))!;

    public async Task<int> SendAsync(List<TodoItem> items, CancellationToken cancellationToken) =>
        (int)(await InvokeAsync(WcfContract.SendTodos, [items], cancellationToken).ConfigureAwait(false))!;

    public async Task<int> SendOneAsync(TodoItem item, CancellationToken cancellationToken) =>
        (int)(await InvokeAsync(WcfContract.SendTodo, [item], cancellationToken).ConfigureAwait(false))!;

    public ValueTask DisposeAsync()
    {
        _http.Dispose();
        return ValueTask.CompletedTask;
    }

    /// <summary>Posts one call of <paramref name="operation"/> (a <see cref="WcfContract"/> name) and reads its result.</summary>
    private async Task<object?> InvokeAsync(string operation, object?[] arguments, CancellationToken cancellationToken)
    {
        using var request = new HttpRequestMessage(HttpMethod.Post, _prefix + operation) { Content = Body(operation, arguments) };
        using var response = await _http.SendAsync(request, cancellationToken).ConfigureAwait(false);
        var reply = await response.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
        if (!response.IsSuccessStatusCode)
        {
            throw new HttpRequestException($"{Name} {operation}: HTTP {(int)response.StatusCode}: {Encoding.UTF8.GetString(reply)}", null, response.StatusCode);
        }

        return WebHttpSerializer.Read(_format, WcfContract.ResultOf(operation), reply);
    }

    private ByteArrayContent? Body(string operation, object?[] arguments)
    {
        (Type? type, object? value) = WcfContract.ParametersOf(operation) switch
        {
            [] => ((Type?)null, (object?)null),
            [var single] => (single.Type, arguments[0]),
            _ => (typeof(DataRequest), (object?)new DataRequest { Min = (int)arguments[0]!, Max = (int)arguments[1]! }),
        };
        if (type is null)
        {
            return null;
        }

        var body = new MemoryStream();
        WebHttpSerializer.Write(_format, type, value, body);
        var content = new ByteArrayContent(body.GetBuffer(), 0, (int)body.Length);
        content.Headers.ContentType = _contentType;
        return content;
    }
}
