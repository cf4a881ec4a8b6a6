using System.Text;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Filters;

namespace PerfAssert.Targets.Services.AspNetCore;

/// <summary>
/// A request body that is not UTF-8 is the client's mistake: answer 400 with a problem saying why, not 500. MVC's
/// Newtonsoft formatter turns malformed JSON into model-state errors itself, but its reader decodes strictly and the
/// <see cref="DecoderFallbackException"/> escapes model binding as an exception.
/// </summary>
internal sealed class UnreadableBodyFilter : IExceptionFilter
{
    public void OnException(ExceptionContext context)
    {
        if (context.Exception is not DecoderFallbackException)
        {
            return;
        }

        context.Result = new BadRequestObjectResult(new ProblemDetails
        {
            Status = StatusCodes.Status400BadRequest,
            Title = "The request body could not be read.",
            Detail = $"The request body is not valid UTF-8: {context.Exception.Message}",
        });
        context.ExceptionHandled = true;
    }
}
