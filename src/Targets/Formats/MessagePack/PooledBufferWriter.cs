using System.Buffers;

namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>
/// A growable buffer rented from <see cref="ArrayPool{T}.Shared"/>, so serializing a payload of any size does not
/// allocate a new array per call. Dispose returns the array; the written memory is invalid afterwards.
/// </summary>
public sealed class PooledBufferWriter : IBufferWriter<byte>, IDisposable
{
    private const int MinimumGrowth = 4096;

    private byte[] _buffer;
    private int _written;
    private bool _disposed;

    public PooledBufferWriter(int initialCapacity = MinimumGrowth)
    {
        ArgumentOutOfRangeException.ThrowIfNegativeOrZero(initialCapacity);
        _buffer = ArrayPool<byte>.Shared.Rent(initialCapacity);
    }

    public int WrittenCount => _written;

    public ReadOnlyMemory<byte> WrittenMemory => _buffer.AsMemory(0, _written);

    public ReadOnlySpan<byte> WrittenSpan => _buffer.AsSpan(0, _written);

    public void Advance(int count)
    {
        ArgumentOutOfRangeException.ThrowIfNegative(count);
        ArgumentOutOfRangeException.ThrowIfGreaterThan(count, _buffer.Length - _written);
        _written += count;
    }

    public Memory<byte> GetMemory(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsMemory(_written);
    }

    public Span<byte> GetSpan(int sizeHint = 0)
    {
        Ensure(sizeHint);
        return _buffer.AsSpan(_written);
    }

    public void Dispose()
    {
        if (_disposed)
        {
            return;
        }

        _disposed = true;
        var buffer = _buffer;
        _buffer = [];
        _written = 0;
        ArrayPool<byte>.Shared.Return(buffer);
    }

    private void Ensure(int sizeHint)
    {
        ObjectDisposedException.ThrowIf(_disposed, this);
        var needed = Math.Max(sizeHint, 1);
        if (_buffer.Length - _written >= needed)
        {
            return;
        }

        var grown = ArrayPool<byte>.Shared.Rent(Math.Max(_written + needed, Math.Max(_buffer.Length * 2, MinimumGrowth)));
        _buffer.AsSpan(0, _written).CopyTo(grown);
        var old = _buffer;
        _buffer = grown;
        if (old.Length > 0)
        {
            ArrayPool<byte>.Shared.Return(old);
        }
    }
}
