using Microsoft.AspNetCore.Mvc.Formatters;
using PerfAssert.Targets.Formats.MessagePack;

namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>
/// Reads <c>application/x-msgpack</c> request bodies into the contracts for MVC controllers: a stand-in for
/// MessagePack-CSharp's <c>MessagePackInputFormatter</c>. A malformed or oversized body becomes a model-state
/// error, which <c>[ApiController]</c> answers with 400; MVC itself answers other content types with 415.
/// </summary>
public sealed class MessagePackInputFormatter : InputFormatter
{
    public MessagePackInputFormatter()
    {
        SupportedMediaTypes.Add(MessagePackMediaType.Value);
    }

    protected override bool CanReadType(Type type) => MessagePackContractResolver.CanHandle(type);

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
