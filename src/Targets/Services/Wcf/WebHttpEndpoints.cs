using System.Runtime.Serialization;
using System.Xml;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// WebHttpBinding stand-ins, which the package registry cannot serve as CoreWCF: <c>POST /wcf/web/xml/{operation}</c>
/// with bare DataContractSerializer XML and <c>POST /wcf/web/json/{operation}</c> with DataContractJsonSerializer,
/// the serializers WCF's WebHttp behavior uses. Bare body style: the body is the one parameter and the answer the
/// bare result; <c>GetDataStream(min, max)</c> takes a <see cref="DataRequest"/> body, and operations without
/// parameters take an empty body. Unknown operation 404, wrong content type 415, oversize 413, bad body 400.
/// </summary>
public static class WebHttpEndpoints
{
    public const string XmlPrefix = "/wcf/web/xml";

    public const string JsonPrefix = "/wcf/web/json";

    public static IEndpointRouteBuilder MapWcfWebHttp(this IEndpointRouteBuilder endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        endpoints.MapPost(XmlPrefix + "/{operation}", context => HandleAsync(context, WebHttpFormat.Xml));
        endpoints.MapPost(JsonPrefix + "/{operation}", context => HandleAsync(context, WebHttpFormat.Json));
        return endpoints;
    }

    /// <summary>The body type of an operation in bare style, or <see langword="null"/> when it takes no body.</summary>
    public static Type? RequestBodyType(WcfOperation operation)
    {
        ArgumentNullException.ThrowIfNull(operation);
        return operation.Parameters.Count switch
        {
            0 => null,
            1 => operation.Parameters[0].Type,
            _ => typeof(DataRequest),
        };
    }

    private static async Task HandleAsync(HttpContext context, WebHttpFormat format)
    {
        var service = context.RequestServices.GetRequiredService<WcfService>();
        var name = context.Request.RouteValues["operation"] as string;
        if (name is null || !service.Operations.TryGetValue(name, out var operation))
        {
            await HttpReply.SendTextAsync(context, StatusCodes.Status404NotFound, $"Endpoint not found: the contract {WcfContract.Name} has no operation '{name}'.").ConfigureAwait(false);
            return;
        }

        var body = await HttpBody.ReadAsync(context.Request, WcfLimits.MaxReceivedMessageSize, context.RequestAborted).ConfigureAwait(false);
        if (body is not { } request)
        {
            await HttpReply.SendTextAsync(context, StatusCodes.Status413PayloadTooLarge, $"The body exceeds the maximum received message size of {WcfLimits.MaxReceivedMessageSize} bytes.").ConfigureAwait(false);
            return;
        }

        var bodyType = RequestBodyType(operation);
        if ((bodyType is not null || request.Count > 0) && !HasFormatContentType(context.Request, format))
        {
            await HttpReply.SendTextAsync(context, StatusCodes.Status415UnsupportedMediaType, $"Expected {format} content, got '{context.Request.ContentType}'.").ConfigureAwait(false);
            return;
        }

        object?[] arguments;
        try
        {
            arguments = Arguments(operation, bodyType is null ? null : WebHttpSerializer.Read(format, bodyType, request));
        }
        catch (Exception ex) when (ex is XmlException or SerializationException or InvalidCastException)
        {
            await HttpReply.SendTextAsync(context, StatusCodes.Status400BadRequest, $"The {format} body could not be read as {bodyType?.Name}: {ex.Message}").ConfigureAwait(false);
            return;
        }

        var reply = WcfDispatcher.Invoke(operation, arguments);
        if (reply.Fault is { } fault)
        {
            var status = fault.Code == WcfFaultCode.Sender ? StatusCodes.Status400BadRequest : StatusCodes.Status500InternalServerError;
            await HttpReply.SendTextAsync(context, status, fault.Message).ConfigureAwait(false);
            return;
        }

        var response = new MemoryStream();
        WebHttpSerializer.Write(format, operation.ResultType, reply.Result, response);
        await HttpReply.SendAsync(context, StatusCodes.Status200OK, WebHttpSerializer.ContentType(format), response).ConfigureAwait(false);
    }

    private static object?[] Arguments(WcfOperation operation, object? body) => operation.Parameters.Count switch
    {
        0 => [],
        1 => [body],
        _ when body is DataRequest range => [range.Min, range.Max],
        _ => throw new SerializationException($"{operation.Name} needs a {nameof(DataRequest)} body."),
    };

    private static bool HasFormatContentType(HttpRequest request, WebHttpFormat format) => format == WebHttpFormat.Json
        ? HttpReply.HasContentType(request, "application/json")
        : HttpReply.HasContentType(request, "application/xml", "text/xml");
}
