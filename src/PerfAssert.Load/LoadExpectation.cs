using System.Text;

namespace PerfAssert.Load;

/// <summary>
/// How every answer of a load run is checked, as data the worker process can be handed: the status, and the body exactly, or
/// its length and the bytes it starts with. An answer that fails any part is an error, never a fast success.
/// </summary>
public sealed record LoadExpectation
{
    /// <summary>The expected status code. <value>The default is 200.</value></summary>
    public int Status { get; init; } = 200;

    /// <summary>The exact body expected, when set. <value>The default is <see langword="null"/>: not checked.</value></summary>
    public byte[]? Body { get; init; }

    /// <summary>Bytes the body must start with, when set. <value>The default is <see langword="null"/>: not checked.</value></summary>
    public byte[]? BodyPrefix { get; init; }

    /// <summary>The body's length in bytes, when set. <value>The default is <see langword="null"/>: not checked.</value></summary>
    public int? BodyLength { get; init; }

    /// <summary>The longest body the worker reads (a longer one is an error), so a wrong answer cannot exhaust memory.</summary>
    public int MaxBodyBytes => Body?.Length ?? BodyLength ?? Math.Max(64 * 1024, BodyPrefix?.Length ?? 0);

    /// <summary>Null when the answer is right, else its kind (<c>status 404</c>, <c>body differs</c>) for counting.</summary>
    public string? Kind(int status, ReadOnlySpan<byte> body)
    {
        if (status != Status)
        {
            return "status " + status.ToString(System.Globalization.CultureInfo.InvariantCulture);
        }

        if (Body is not null && !body.SequenceEqual(Body))
        {
            return "body differs";
        }

        if (BodyLength is { } length && body.Length != length)
        {
            return "body length";
        }

        return BodyPrefix is not null && !body.StartsWith(BodyPrefix) ? "body prefix" : null;
    }

    /// <summary>What was wrong with an answer <see cref="Kind"/> rejected, for the report (allocates: called once per kind).</summary>
    public string Describe(string kind, int status, ReadOnlySpan<byte> body) => kind switch
    {
        "body differs" => $"body of {body.Length} bytes differs from the {Body!.Length} expected: '{Preview(body)}'",
        "body length" => $"body of {body.Length} bytes, not {BodyLength}: '{Preview(body)}'",
        "body prefix" => $"body does not start with '{Encoding.UTF8.GetString(BodyPrefix!)}': '{Preview(body)}'",
        _ => $"status {status}, not {Status}: '{Preview(body)}'",
    };

    /// <summary>Problems with the expectation itself, for a plan's validation.</summary>
    public IEnumerable<string> Problems()
    {
        if (Status is < 100 or > 599)
        {
            yield return $"Expect.Status must be an HTTP status from 100 to 599, not {Status}";
        }

        if (BodyLength < 0)
        {
            yield return $"Expect.BodyLength must be 0 or more, not {BodyLength}";
        }

        if (Body is not null && BodyLength is { } length && length != Body.Length)
        {
            yield return $"Expect.BodyLength ({length}) contradicts Expect.Body ({Body.Length} bytes)";
        }
    }

    private static string Preview(ReadOnlySpan<byte> body)
    {
        const int Shown = 80;
        var text = Encoding.UTF8.GetString(body[..Math.Min(Shown, body.Length)]);
        return body.Length > Shown ? text + "..." : text;
    }
}
