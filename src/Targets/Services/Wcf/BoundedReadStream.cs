namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// A request body read as it arrives that fails once more than a limit has been read, as WCF's streamed transfer mode
/// enforces MaxReceivedMessageSize: Kestrel enforces the same limit itself, and this holds it in memory too, where
/// TestServer does not.
/// </summary>
internal sealed class BoundedReadStream(Stream inner, long limit) : Stream
{
    private long _read;

    public override bool CanRead => true;

    public override bool CanSeek => false;

    public override bool CanWrite => false;

    public override long Length => throw new NotSupportedException();

    public override long Position
    {
        get => _read;
        set => throw new NotSupportedException();
    }

    public override int Read(byte[] buffer, int offset, int count) => Count(inner.Read(buffer, offset, count));

    public override async ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
        Count(await inner.ReadAsync(buffer, cancellationToken).ConfigureAwait(false));

    public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
        ReadAsync(buffer.AsMemory(offset, count), cancellationToken).AsTask();

    public override void Flush()
    {
    }

    public override long Seek(long offset, SeekOrigin origin) => throw new NotSupportedException();

    public override void SetLength(long value) => throw new NotSupportedException();

    public override void Write(byte[] buffer, int offset, int count) => throw new NotSupportedException();

    private int Count(int read)
    {
        _read += read;
        return _read > limit ? throw new LimitExceededException(limit) : read;
    }

    /// <summary>More than the limit was read.</summary>
    internal sealed class LimitExceededException(long limit) : IOException($"The body exceeds the maximum received message size of {limit} bytes.");
}
