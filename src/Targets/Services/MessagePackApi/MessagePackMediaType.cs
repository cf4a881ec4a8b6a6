namespace PerfAssert.Targets.Services.MessagePackApi;

/// <summary>The media type the MessagePack targets speak, as MessagePack-CSharp's ASP.NET Core formatters use it.</summary>
public static class MessagePackMediaType
{
    public const string Value = "application/x-msgpack";
}
