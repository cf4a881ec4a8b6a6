using Microsoft.AspNetCore.Mvc.Formatters;

namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>
/// Reads <c>application/x-msgpack</c> request bodies into the contracts for MVC controllers with MessagePack-CSharp,
/// in place of its <c>MessagePackInputFormatter</c> (the MessagePack.AspNetCoreMvcFormatter package is not served).
/// A malformed, truncated, oversized body, or one with bytes after the value or a contract array of the wrong length,
/// becomes a model-state error with the reason, which <c>[ApiController]</c> answers with 400; MVC itself answers
/// other content types with 415.
/// </summary>
public sealed class MessagePackInputFormatter : InputFormatter
{
    public MessagePackInputFormatter()
    {
        SupportedMediaTypes.Add(MessagePackMediaType.Value);
    }

    protected override bool CanReadType(Type type) => MessagePackHttp.IsContract(type);

    public override async Task<InputFormatterResult> ReadRequestBodyAsync(InputFormatterContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var request = context.HttpContext.Request;
        var body = await MessagePackHttp.ReadAsync(request, context.ModelType, context.HttpContext.RequestAborted).ConfigureAwait(false);
        if (body.Succeeded)
        {
            return InputFormatterResult.Success(body.Value);
        }

        context.ModelState.TryAddModelError(context.ModelName, body.Error!);
        return InputFormatterResult.Failure();
    }
}
