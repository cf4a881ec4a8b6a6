namespace PerfAssert.Load.Http11;

/// <summary>What <see cref="Http11ResponseParser.Parse"/> made of the bytes it was given.</summary>
internal enum Http11ParseResult
{
    /// <summary>The answer is not complete: the bytes not consumed must be given again with more after them.</summary>
    NeedMore,

    /// <summary>The answer is complete: its status, body and whether the connection stays open can be read.</summary>
    Done,

    /// <summary>The bytes are not an HTTP/1.x answer; <see cref="Http11ResponseParser.Problem"/> says why.</summary>
    Malformed,
}
