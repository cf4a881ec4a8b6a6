using System.Text;
using System.Xml;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// SOAP 1.1 over HTTP/1.1 with DataContractSerializer over the text XML encoder: a stand-in for CoreWCF's
/// BasicHttpBinding (text encoding, buffered), which the package registry does not serve; proven against the real WCF
/// client (dotnet/wcf), Mono's WCF client and python3-zeep (docs/conformance.md). One address, the
/// operation selected by the <c>SOAPAction</c> header, answers shaped like WCF's: 200 with the reply envelope,
/// 500 with a fault envelope, 400 for a body that is not XML, 415 for a wrong content type, 413 for an oversize body.
/// </summary>
public static class BasicHttpEndpoint
{
    public const string Path = "/wcf/basic";

    public const string ContentType = "text/xml; charset=utf-8";

    public static IEndpointRouteBuilder MapWcfBasicHttp(this IEndpointRouteBuilder endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        endpoints.MapPost(Path, HandleAsync);
        endpoints.MapGet(Path, BasicHttpMetadata.HandleAsync);
        return endpoints;
    }

    private static async Task HandleAsync(HttpContext context)
    {
        var service = context.RequestServices.GetRequiredService<WcfService>();
        if (!HttpReply.HasContentType(context.Request, "text/xml"))
        {
            await HttpReply.SendTextAsync(context, StatusCodes.Status415UnsupportedMediaType, $"Cannot process the message because the content type '{context.Request.ContentType}' was not the expected type '{ContentType}'.").ConfigureAwait(false);
            return;
        }

        var body = await HttpBody.ReadAsync(context.Request, WcfLimits.MaxReceivedMessageSize, context.RequestAborted).ConfigureAwait(false);
        if (body is not { } request)
        {
            await HttpReply.SendTextAsync(context, StatusCodes.Status413PayloadTooLarge, $"The message exceeds the maximum received message size of {WcfLimits.MaxReceivedMessageSize} bytes.").ConfigureAwait(false);
            return;
        }

        var soapAction = context.Request.Headers["SOAPAction"].ToString().Trim().Trim('"');
        WcfReply reply;
        try
        {
            using var reader = XmlDictionaryReader.CreateTextReader(request.Array!, request.Offset, request.Count, WcfLimits.ReaderQuotas);
            reply = WcfDispatcher.Dispatch(service, reader, SoapVersion.Soap11, soapAction.Length == 0 ? null : soapAction);
        }
        catch (XmlException ex)
        {
            // The text reader detects the encoding as it is created, so an empty body throws here, before the dispatcher.
            reply = WcfReply.Refused(SoapVersion.Soap11, ex);
        }

        var response = Encode(reply, out var statusCode);
        await HttpReply.SendAsync(context, statusCode, ContentType, response).ConfigureAwait(false);
    }

    private static MemoryStream Encode(WcfReply reply, out int statusCode)
    {
        var buffer = new MemoryStream();
        try
        {
            Write(buffer, reply);
            statusCode = reply.Fault is null ? StatusCodes.Status200OK : reply.NotAnEnvelope ? StatusCodes.Status400BadRequest : StatusCodes.Status500InternalServerError;
        }
        catch (Exception ex) when (ex is not OutOfMemoryException)
        {
            // A result that cannot be serialized still gets a well-formed fault, never half a reply.
            buffer.SetLength(0);
            Write(buffer, WcfReply.Faulted(WcfFaultException.InternalServiceFault("the reply could not be serialized.", ex)));
            statusCode = StatusCodes.Status500InternalServerError;
        }

        return buffer;
    }

    private static void Write(MemoryStream buffer, WcfReply reply)
    {
        using var writer = XmlDictionaryWriter.CreateTextWriter(buffer, Encoding.UTF8, ownsStream: false);
        SoapMessage.WriteReply(writer, SoapVersion.Soap11, reply);
    }
}
