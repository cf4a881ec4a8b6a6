using Microsoft.AspNetCore.Mvc;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Targets.Services.Todos;

/// <summary>The operations experiment over REST (the reference's Web API side), serving the shared <see cref="TodoStore"/>.</summary>
[ApiController]
[Route(RoutePrefix)]
[RequestSizeLimit(RequestLimits.MaxBodyBytes)]
public sealed class TodoController(TodoStore store) : ControllerBase
{
    /// <summary>The route prefix of the todo endpoints.</summary>
    public const string RoutePrefix = "api/todos";

    [HttpGet]
    public ActionResult<IReadOnlyList<TodoItem>> Get() => Ok(store.Items);

    [HttpGet("first")]
    public ActionResult<TodoItem> First() => store.First;

    [HttpPost]
    public ActionResult<int> Send(List<TodoItem> items) => store.Receive(items);

    [HttpPost("one")]
    public ActionResult<int> SendOne(TodoItem item) => store.ReceiveOne(item);
}
