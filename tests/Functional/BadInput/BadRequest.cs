using System.Net;
using System.Net.Http.Headers;

namespace PerfAssert.Functional.BadInput;

/// <summary>One bad request to one target, the status it must get, and the valid call the target must then still answer.</summary>
/// <param name="Path">The relative path posted to.</param>
/// <param name="ContentType">The Content-Type sent, or <see langword="null"/> for none.</param>
/// <param name="Body">The body bytes.</param>
/// <param name="Expected">The 4xx (or the 500 of a SOAP fault) the target must answer.</param>
/// <param name="Recovery">The catalog stack whose valid echo must work afterwards.</param>
/// <param name="SoapAction">The SOAPAction header, for the SOAP endpoint.</param>
internal sealed record BadRequest(string Path, string? ContentType, byte[] Body, HttpStatusCode Expected, string Recovery, string? SoapAction = null)
{
    public HttpRequestMessage ToMessage()
    {
        var content = new ByteArrayContent(Body);
        if (ContentType is not null)
        {
            content.Headers.ContentType = MediaTypeHeaderValue.Parse(ContentType);
        }

        var request = new HttpRequestMessage(HttpMethod.Post, Path) { Content = content };
        if (SoapAction is not null)
        {
            request.Headers.TryAddWithoutValidation("SOAPAction", SoapAction);
        }

        return request;
    }
}
