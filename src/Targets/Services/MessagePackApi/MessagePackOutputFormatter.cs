using Microsoft.AspNetCore.Mvc.Formatters;

namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>
/// Writes the contracts as <c>application/x-msgpack</c> for MVC controllers with MessagePack-CSharp, in place of its
/// <c>MessagePackOutputFormatter</c> (not served). It answers only requests that ask for MessagePack (Accept or [Produces]).
/// </summary>
public sealed class MessagePackOutputFormatter : OutputFormatter
{
    public MessagePackOutputFormatter()
    {
        SupportedMediaTypes.Add(MessagePackMediaType.Value);
    }

    /// <summary>
    /// Declines when no content type was asked for. MVC then tries formatters in order, and this one sits first so
    /// that an Accept of MessagePack wins; without the check every JSON client that sends no Accept header would
    /// suddenly get MessagePack from the other REST targets.
    /// </summary>
    public override bool CanWriteResult(OutputFormatterCanWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        return context.ContentType.HasValue && context.ContentType.Length > 0 && base.CanWriteResult(context);
    }

    protected override bool CanWriteType(Type? type) => type is not null && MessagePackHttp.IsContract(type);

    public override Task WriteResponseBodyAsync(OutputFormatterWriteContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var type = context.ObjectType ?? context.Object?.GetType() ?? typeof(object);
        return MessagePackHttp.WriteAsync(context.HttpContext.Response, type, context.Object, context.HttpContext.RequestAborted);
    }
}
