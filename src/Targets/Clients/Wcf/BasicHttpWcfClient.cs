using System.Net.Http.Headers;
using System.Text;
using System.Xml;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// The client of the BasicHttpBinding stand-in: SOAP 1.1 text envelopes over <see cref="HttpClient"/>, in place of
/// a WCF <c>ChannelFactory</c>, which did not restore here when the stand-ins were written (the registry has served
/// System.ServiceModel.* 10.1.0 since 2026-11-25, and tests/Conformance runs the real client against the stand-in
/// service). Works in memory too.
/// </summary>
public sealed class BasicHttpWcfClient : WcfClient
{
    private static readonly MediaTypeHeaderValue TextXml = MediaTypeHeaderValue.Parse(BasicHttpEndpoint.ContentType);
    private readonly HttpClient _http;

    public BasicHttpWcfClient(TargetEndpoints endpoints, TimeSpan? timeout = null)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        _http = endpoints.CreateHttpClient(timeout ?? DefaultTimeout);
    }

    public override string Name => "Wcf.BasicHttp/Text";

    public override ValueTask DisposeAsync()
    {
        _http.Dispose();
        return ValueTask.CompletedTask;
    }

    protected internal override async Task<object?> InvokeAsync(string operation, object?[] arguments, CancellationToken cancellationToken)
    {
        var body = new MemoryStream();
        using (var writer = XmlDictionaryWriter.CreateTextWriter(body, Encoding.UTF8, ownsStream: false))
        {
            SoapMessage.WriteRequest(writer, SoapVersion.Soap11, operation, arguments);
        }

        using var content = new ByteArrayContent(body.GetBuffer(), 0, (int)body.Length);
        content.Headers.ContentType = TextXml;
        using var request = new HttpRequestMessage(HttpMethod.Post, BasicHttpEndpoint.Path.TrimStart('/')) { Content = content };
        request.Headers.TryAddWithoutValidation("SOAPAction", $"\"{WcfContract.ActionPrefix}{operation}\"");
        using var response = await _http.SendAsync(request, cancellationToken).ConfigureAwait(false);
        var reply = await response.Content.ReadAsByteArrayAsync(cancellationToken).ConfigureAwait(false);
        var isXml = response.Content.Headers.ContentType?.MediaType == "text/xml";
        if (!isXml || response.StatusCode is not (System.Net.HttpStatusCode.OK or System.Net.HttpStatusCode.InternalServerError))
        {
            throw new HttpRequestException($"{Name} {operation}: HTTP {(int)response.StatusCode}: {Encoding.UTF8.GetString(reply)}", null, response.StatusCode);
        }

        // A 500 carries a fault envelope, which ReadResult turns into a WcfFaultException.
        using var reader = XmlDictionaryReader.CreateTextReader(reply, WcfLimits.ReaderQuotas);
        return SoapMessage.ReadResult(reader, SoapVersion.Soap11, operation);
    }
}
