using System.Text;

namespace PerfAssert.Functional.Support;

/// <summary>What <see cref="ScriptedHttpServer"/> does with one request: write the pieces, then close, or go silent.</summary>
internal sealed record ScriptedAnswer(IReadOnlyList<byte[]> Pieces, bool Close = false, bool Silent = false)
{
    /// <summary>200 with <paramref name="body"/> and its Content-Length, in one write.</summary>
    public static ScriptedAnswer Ok(string body, string headers = "") =>
        new([Encoding.ASCII.GetBytes($"HTTP/1.1 200 OK\r\nContent-Length: {body.Length}\r\n{headers}\r\n{body}")]);

    /// <summary>Bytes as they are, in one write.</summary>
    public static ScriptedAnswer Raw(string bytes, bool close = false) => new([Encoding.ASCII.GetBytes(bytes)], close);

    /// <summary>No answer: the connection stays open and silent until the server stops.</summary>
    public static ScriptedAnswer None { get; } = new([], Silent: true);
}
