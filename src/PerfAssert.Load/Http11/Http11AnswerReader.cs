namespace PerfAssert.Load.Http11;

/// <summary>
/// The receiving half of a lean connection: a buffer it keeps and the allocation-free parser, fed with whatever each read
/// brought. Shared by the connection that awaits its socket (<see cref="Http11Connection"/>) and the one an event loop polls
/// (<see cref="PolledConnection"/>), so both frame and judge answers alike.
/// </summary>
internal sealed class Http11AnswerReader
{
    /// <summary>The longest line of an answer (status line, header, chunk size) the connection reads.</summary>
    public const int BufferBytes = 16 * 1024;

    private readonly byte[] _buffer = new byte[BufferBytes];
    private int _start;
    private int _end;

    public Http11AnswerReader(int keptBodyBytes, bool bodiless) => Parser = new Http11ResponseParser(keptBodyBytes, bodiless);

    public Http11ResponseParser Parser { get; }

    /// <summary>The answer's bytes read so far.</summary>
    public long Received { get; private set; }

    /// <summary>Why the bytes read are not the answer asked for, after <see cref="Http11ParseResult.Malformed"/>.</summary>
    public string? Problem { get; private set; }

    /// <summary>Whether the server closed the connection (a read of zero bytes) during this answer.</summary>
    public bool Closed { get; private set; }

    /// <summary>
    /// What went wrong, as a kind for counting and a text, when <see cref="Read"/> found the answer malformed or the server
    /// closed the connection before it was whole.
    /// </summary>
    public (string Kind, string Text) Failure(Uri target) => Closed
        ? ("connection closed", Problem is null ? "the server closed the connection before answering" : $"the server closed the connection mid-answer: {Problem}")
        : ("malformed response", $"malformed response from {target}: {Problem}");

    /// <summary>Readies the reader for the next answer.</summary>
    public void Reset()
    {
        Parser.Reset();
        (_start, _end, Received, Problem, Closed) = (0, 0, 0, null, false);
    }

    /// <summary>
    /// Where the next read goes: the buffer's free end, made room for by moving an unended line to its start. Empty when a line
    /// fills the whole buffer, which <see cref="Read"/> then reports as malformed.
    /// </summary>
    public Memory<byte> Free()
    {
        if (_end == _buffer.Length && _start > 0)
        {
            _buffer.AsSpan(_start, _end - _start).CopyTo(_buffer);
            (_start, _end) = (0, _end - _start);
        }

        return _buffer.AsMemory(_end);
    }

    /// <summary>
    /// Takes <paramref name="read"/> more bytes, written at <see cref="Free"/>: <see cref="Http11ParseResult.Done"/> once the
    /// answer is whole, <see cref="Http11ParseResult.NeedMore"/> until then, <see cref="Http11ParseResult.Malformed"/> with
    /// <see cref="Problem"/>. Zero bytes read means the server closed the connection: the answer ends there, or was cut short
    /// (<see cref="Http11ParseResult.NeedMore"/> when none of it had come).
    /// </summary>
    public Http11ParseResult Read(int read)
    {
        if (read == 0)
        {
            Closed = true;
            var ended = Parser.End(_end - _start);
            Problem = Parser.Problem;
            return ended;
        }

        Received += read;
        _end += read;
        var result = Parser.Parse(_buffer.AsSpan(_start, _end - _start), out var used);
        _start += used;
        if (result == Http11ParseResult.Malformed)
        {
            Problem = Parser.Problem;
            return result;
        }

        if (result == Http11ParseResult.Done)
        {
            // Bytes past the answer's end were not asked for: its framing is wrong (a Content-Length short of the body, say).
            return _start == _end ? result : Fail($"{_end - _start} bytes came after its end");
        }

        if (_start == _end)
        {
            (_start, _end) = (0, 0);
        }

        return _end == _buffer.Length && _start == 0 ? Fail($"a line of it is over {BufferBytes} bytes") : result;
    }

    private Http11ParseResult Fail(string problem)
    {
        Problem = problem;
        return Http11ParseResult.Malformed;
    }
}
