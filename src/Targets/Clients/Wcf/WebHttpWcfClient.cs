using System.Net.Http.Headers;
using System.Text;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// The client of the WebHttpBinding stand-in, with <see cref="HttpClient"/> as the reference used for WebHttp
/// (the WCF client has no WebHttpBinding): bare DataContractSerializer XML or DataContractJsonSerializer JSON.
/// </summary>
public sealed class WebHttpWcfClient : WcfClient
{
    private readonly HttpClient _http;
    private readonly WebHttpFormat _format;
    private readonly MediaTypeHeaderValue _contentType;
    private readonly string _prefix;

    public WebHttpWcfClient(TargetEndpoints endpoints, WebHttpFormat format, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        _http = endpoints.CreateHttpClient(timeout ?? DefaultTimeout);
        _format = format;
        _contentType = MediaTypeHeaderValue.Parse(WebHttpSerializer.ContentType(format));
        _prefix = (format == WebHttpFormat.Json ? WebHttpEndpoints.JsonPrefix : WebHttpEndpoints.XmlPrefix).TrimStart('/') + "/";
    }

    public override string Name => "Wcf.WebHttp/" + _format;

    public override ValueTask DisposeAsync()
    {
        _http.Dispose();
        return ValueTask.CompletedTask;
    }

    protected internal override async Task<object?> InvokeAsync(string operation, object?[] arguments, CancellationToken cancellationToken)
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
