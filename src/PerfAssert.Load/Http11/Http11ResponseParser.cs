using System.Buffers.Text;
using System.Text;

namespace PerfAssert.Load.Http11;

/// <summary>
/// Reads one HTTP/1.x answer at a time from bytes as they arrive, split anywhere: the status line, the headers that frame the
/// body (Content-Length, Transfer-Encoding: chunked, Connection), then the body, whose first bytes it keeps for checking and
/// whose length it counts. It allocates nothing while answers are well formed (only a problem's text is built), and it never
/// waits for more than the answer announced: a malformed answer is <see cref="Http11ParseResult.Malformed"/> with a reason.
/// </summary>
internal sealed class Http11ResponseParser
{
    /// <summary>The longest status line, header block and trailer together.</summary>
    public const int MaxHeaderBytes = 64 * 1024;

    private const int Shown = 60;
    private readonly byte[] _body;
    private readonly bool _bodiless;
    private State _state;
    private int _headerBytes;
    private long _contentLength;
    private long _remaining;
    private bool _chunked;
    private bool _close;
    private bool _keepAliveAsked;
    private bool _http10;
    private bool _started;

    /// <summary>A parser that keeps the first <paramref name="keptBodyBytes"/> of each body (counting the rest).</summary>
    /// <param name="keptBodyBytes">How many of a body's bytes are kept for <see cref="Body"/>.</param>
    /// <param name="bodiless">Whether the request was a HEAD, whose answers have no body whatever their headers say.</param>
    public Http11ResponseParser(int keptBodyBytes, bool bodiless = false)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(keptBodyBytes);
        _body = new byte[keptBodyBytes];
        _bodiless = bodiless;
        Reset();
    }

    private enum State
    {
        StatusLine,
        Headers,
        Body,
        BodyToClose,
        ChunkSize,
        ChunkData,
        ChunkDataEnd,
        Trailers,
        Done,
    }

    /// <summary>The answer's status code.</summary>
    public int Status { get; private set; }

    /// <summary>The body's whole length in bytes (more than <see cref="Body"/> holds when it is longer than the bytes kept).</summary>
    public long BodyLength { get; private set; }

    /// <summary>The body's first bytes, up to the number kept.</summary>
    public ReadOnlySpan<byte> Body => _body.AsSpan(0, (int)Math.Min(BodyLength, _body.Length));

    /// <summary>Whether the connection can carry the next request once the answer is <see cref="Http11ParseResult.Done"/>.</summary>
    public bool KeepAlive => !_close && (!_http10 || _keepAliveAsked);

    /// <summary>Why the bytes are not an answer, after <see cref="Http11ParseResult.Malformed"/>.</summary>
    public string? Problem { get; private set; }

    /// <summary>Whether any byte of the current answer has been consumed.</summary>
    public bool Started => _started;

    /// <summary>Readies the parser for the next answer.</summary>
    public void Reset()
    {
        _state = State.StatusLine;
        Status = 0;
        BodyLength = 0;
        Problem = null;
        _headerBytes = 0;
        _contentLength = -1;
        _remaining = 0;
        _chunked = _close = _keepAliveAsked = _http10 = _started = false;
    }

    /// <summary>
    /// Consumes what it can of <paramref name="input"/>: on <see cref="Http11ParseResult.NeedMore"/> the bytes after
    /// <paramref name="consumed"/> (a line not yet ended) must be passed again with more behind them; on
    /// <see cref="Http11ParseResult.Done"/>, bytes after <paramref name="consumed"/> are not part of this answer.
    /// </summary>
    public Http11ParseResult Parse(ReadOnlySpan<byte> input, out int consumed)
    {
        consumed = 0;
        while (true)
        {
            var rest = input[consumed..];
            switch (_state)
            {
                case State.Done:
                    return Http11ParseResult.Done;
                case State.Body or State.ChunkData or State.BodyToClose:
                    var take = _state == State.BodyToClose ? rest.Length : (int)Math.Min(_remaining, rest.Length);
                    Keep(rest[..take]);
                    consumed += take;
                    _remaining -= take;
                    if (_state == State.BodyToClose || _remaining > 0)
                    {
                        return Http11ParseResult.NeedMore;
                    }

                    _state = _state == State.Body ? State.Done : State.ChunkDataEnd;
                    continue;
            }

            var end = rest.IndexOf((byte)'\n');
            var counted = _state is State.StatusLine or State.Headers or State.Trailers;
            if (counted && _headerBytes + (end < 0 ? rest.Length : end + 1) > MaxHeaderBytes)
            {
                Fail($"its header block is over {MaxHeaderBytes} bytes");
                return Http11ParseResult.Malformed;
            }

            if (end < 0)
            {
                return Http11ParseResult.NeedMore;
            }

            _started = true;
            consumed += end + 1;
            _headerBytes += counted ? end + 1 : 0;
            var line = rest[..end];
            if (!line.IsEmpty && line[^1] == '\r')
            {
                line = line[..^1];
            }

            if (!Line(line))
            {
                return Http11ParseResult.Malformed;
            }
        }
    }

    /// <summary>
    /// The connection ended, with <paramref name="unconsumed"/> bytes of an unended line left: completes an answer whose body
    /// runs to the close, or says the answer was cut short (<see cref="Http11ParseResult.Malformed"/>, or
    /// <see cref="Http11ParseResult.NeedMore"/> when none of it had come).
    /// </summary>
    public Http11ParseResult End(int unconsumed = 0)
    {
        if (_state is State.BodyToClose or State.Done)
        {
            _state = State.Done;
            return Http11ParseResult.Done;
        }

        if (!_started && unconsumed == 0)
        {
            return Http11ParseResult.NeedMore;
        }

        Fail(_state is State.StatusLine or State.Headers ? "the connection closed within its headers" : $"the connection closed after {BodyLength} bytes of its body");
        return Http11ParseResult.Malformed;
    }

    private bool Line(ReadOnlySpan<byte> line) => _state switch
    {
        State.StatusLine => StatusLine(line),
        State.Headers => line.IsEmpty ? EndOfHeaders() : Header(line),
        State.ChunkSize => ChunkSize(line),
        State.ChunkDataEnd => line.IsEmpty ? Next(State.ChunkSize) : Fail($"chunk data is followed by '{Text(line)}', not CRLF"),
        _ => !line.IsEmpty || Next(State.Done),
    };

    private bool StatusLine(ReadOnlySpan<byte> line)
    {
        // HTTP/1.x SP 3DIGIT [SP reason]
        if (line.Length < 12 || !line.StartsWith("HTTP/1."u8) || line[7] is not ((byte)'0' or (byte)'1') || line[8] != ' '
            || !char.IsAsciiDigit((char)line[9]) || !char.IsAsciiDigit((char)line[10]) || !char.IsAsciiDigit((char)line[11])
            || line.Length > 12 && line[12] != ' ' || line[9] == '0')
        {
            return Fail($"its status line '{Text(line)}' is not 'HTTP/1.x NNN reason'");
        }

        _http10 = line[7] == '0';
        Status = (line[9] - '0') * 100 + (line[10] - '0') * 10 + (line[11] - '0');
        return Next(State.Headers);
    }

    private bool Header(ReadOnlySpan<byte> line)
    {
        var colon = line.IndexOf((byte)':');
        if (line[0] is (byte)' ' or (byte)'\t')
        {
            return Fail($"its header line '{Text(line)}' is folded (obsolete line folding)");
        }

        if (colon <= 0 || line[colon - 1] is (byte)' ' or (byte)'\t')
        {
            return Fail($"its header line '{Text(line)}' is not 'name: value'");
        }

        var name = line[..colon];
        var value = line[(colon + 1)..].Trim(" \t"u8);
        if (Ascii.EqualsIgnoreCase(name, "Content-Length"u8))
        {
            if (!Utf8Parser.TryParse(value, out long length, out var used) || used != value.Length || value[0] is (byte)'-' or (byte)'+')
            {
                return Fail($"its Content-Length '{Text(value)}' is not a number");
            }

            if (_contentLength >= 0 && _contentLength != length)
            {
                return Fail($"it has two Content-Length headers ({_contentLength} and {length})");
            }

            _contentLength = length;
        }
        else if (Ascii.EqualsIgnoreCase(name, "Transfer-Encoding"u8))
        {
            // The last coding decides: chunked ends the body by itself, any other runs it to the connection's close.
            var last = value.LastIndexOf((byte)',');
            _chunked = Ascii.EqualsIgnoreCase(value[(last + 1)..].Trim(" \t"u8), "chunked"u8);
            _close |= !_chunked;
        }
        else if (Ascii.EqualsIgnoreCase(name, "Connection"u8))
        {
            foreach (var token in value.Split((byte)','))
            {
                var option = value[token].Trim(" \t"u8);
                _close |= Ascii.EqualsIgnoreCase(option, "close"u8);
                _keepAliveAsked |= Ascii.EqualsIgnoreCase(option, "keep-alive"u8);
            }
        }

        return true;
    }

    private bool EndOfHeaders()
    {
        if (Status is >= 100 and < 200 && Status != 101)
        {
            // An interim answer (100 Continue, 103 Early Hints): the final one follows on the same connection.
            var counted = _headerBytes;
            Reset();
            _headerBytes = counted;
            _started = true;
            return true;
        }

        if (_bodiless || Status is 101 or 204 or 304)
        {
            return Next(State.Done);
        }

        if (_chunked)
        {
            return Next(State.ChunkSize);
        }

        if (_contentLength >= 0)
        {
            _remaining = _contentLength;
            return Next(_contentLength == 0 ? State.Done : State.Body);
        }

        // Neither length nor chunks: the body is everything until the server closes the connection.
        _close = true;
        return Next(State.BodyToClose);
    }

    private bool ChunkSize(ReadOnlySpan<byte> line)
    {
        var extension = line.IndexOf((byte)';');
        var digits = (extension < 0 ? line : line[..extension]).TrimEnd(" \t"u8);
        long size = 0;
        foreach (var digit in digits)
        {
            var value = HexValue(digit);
            if (value < 0 || size > (long.MaxValue >> 4))
            {
                return Fail($"its chunk size '{Text(line)}' is not a hexadecimal number");
            }

            size = (size << 4) | (long)value;
        }

        if (digits.IsEmpty)
        {
            return Fail($"its chunk size line '{Text(line)}' has no size");
        }

        _remaining = size;
        return Next(size == 0 ? State.Trailers : State.ChunkData);
    }

    private static int HexValue(byte digit) => digit switch
    {
        >= (byte)'0' and <= (byte)'9' => digit - '0',
        >= (byte)'a' and <= (byte)'f' => digit - 'a' + 10,
        >= (byte)'A' and <= (byte)'F' => digit - 'A' + 10,
        _ => -1,
    };

    private void Keep(ReadOnlySpan<byte> bytes)
    {
        _started |= !bytes.IsEmpty;
        if (BodyLength < _body.Length)
        {
            var room = _body.Length - (int)BodyLength;
            bytes[..Math.Min(room, bytes.Length)].CopyTo(_body.AsSpan((int)BodyLength));
        }

        BodyLength += bytes.Length;
    }

    private bool Next(State state)
    {
        _state = state;
        return true;
    }

    private bool Fail(string problem)
    {
        Problem = problem;
        return false;
    }

    private static string Text(ReadOnlySpan<byte> bytes) =>
        Encoding.ASCII.GetString(bytes[..Math.Min(bytes.Length, Shown)]) + (bytes.Length > Shown ? "..." : string.Empty);
}
