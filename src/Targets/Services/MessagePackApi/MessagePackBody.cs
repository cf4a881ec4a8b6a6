namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>The outcome of reading a MessagePack request body: a value, or a status code and a reason.</summary>
internal readonly record struct MessagePackBody(object? Value, int StatusCode, string? Error)
{
    public bool Succeeded => Error is null;

    public static MessagePackBody Success(object? value) => new(value, StatusCodes.Status200OK, null);

    public static MessagePackBody Failure(int statusCode, string error) => new(null, statusCode, error);
}
