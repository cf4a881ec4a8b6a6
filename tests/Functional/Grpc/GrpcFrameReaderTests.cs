using System.Buffers;
using System.IO.Pipelines;
using PerfAssert.Targets.Protos;
using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Functional.Grpc;

public sealed class GrpcFrameReaderTests
{
    private static readonly TimeSpan Timeout = TimeSpan.FromSeconds(10);

    [Fact]
    public async Task ReadMessageAsync_FramesSplitIntoOneByteReads_ReadsEveryMessage()
    {
        var first = new DataRequest { Min = 3, Max = 300 };
        var second = new DataRequest { Min = -1, Max = int.MaxValue };
        var reader = PipeReader.Create(new OneByteStream([.. GrpcFrameWriter.ToFrame(first), .. GrpcFrameWriter.ToFrame(second)]));

        Assert.Equal(first, await ReadAsync(reader));
        Assert.Equal(second, await ReadAsync(reader));
        Assert.Null(await ReadAsync(reader));
    }

    [Fact]
    public async Task ReadMessageAsync_ZeroLengthMessage_ReadsTheDefaultMessage()
    {
        var reader = PipeReader.Create(new MemoryStream([0, 0, 0, 0, 0]));

        var message = await ReadAsync(reader);

        Assert.Equal(new DataRequest(), message);
        Assert.Null(await ReadAsync(reader));
    }

    [Theory]
    [InlineData(new byte[] { 0, 0, 0 })]
    [InlineData(new byte[] { 0, 0, 0, 0, 4, 8, 1 })]
    public async Task ReadMessageAsync_StreamEndsInsideAFrame_FailsWithInternal(byte[] bytes)
    {
        var reader = PipeReader.Create(new MemoryStream(bytes));

        var error = await Assert.ThrowsAsync<GrpcException>(() => ReadAsync(reader));

        Assert.Equal(GrpcStatusCode.Internal, error.StatusCode);
        Assert.Contains("Incomplete message", error.Detail, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ReadMessageAsync_LengthOverTheLimit_FailsWithResourceExhaustedBeforeTheBodyArrives()
    {
        // Only the header: the reader must refuse without waiting for 2 MB that never come.
        var pipe = new Pipe();
        await pipe.Writer.WriteAsync(new byte[] { 0, 0, 0x20, 0, 0 }, TestContext.Current.CancellationToken);

        var error = await Assert.ThrowsAsync<GrpcException>(() => ReadAsync(pipe.Reader, maxMessageSize: 1024 * 1024));

        Assert.Equal(GrpcStatusCode.ResourceExhausted, error.StatusCode);
    }

    [Theory]
    [InlineData(1)]
    [InlineData(7)]
    public async Task ReadMessageAsync_CompressedOrInvalidFlag_FailsWithInternal(byte flag)
    {
        var reader = PipeReader.Create(new MemoryStream([flag, 0, 0, 0, 0]));

        var error = await Assert.ThrowsAsync<GrpcException>(() => ReadAsync(reader));

        Assert.Equal(GrpcStatusCode.Internal, error.StatusCode);
    }

    [Fact]
    public async Task ReadMessageAsync_BytesThatAreNotProtobuf_FailsWithInternal()
    {
        // Field 1 as a varint whose continuation bits never stop.
        var reader = PipeReader.Create(new MemoryStream([0, 0, 0, 0, 4, 0x08, 0xFF, 0xFF, 0xFF]));

        var error = await Assert.ThrowsAsync<GrpcException>(() => ReadAsync(reader));

        Assert.Equal(GrpcStatusCode.Internal, error.StatusCode);
    }

    [Fact]
    public void TryReadFrame_IncompleteFrame_LeavesTheBufferAsItWas()
    {
        var buffer = new ReadOnlySequence<byte>(GrpcFrameWriter.ToFrame(new DataRequest { Min = 1 })[..^1]);
        var before = buffer;

        Assert.False(GrpcFrameReader.TryReadFrame(ref buffer, 100, out _));
        Assert.Equal(before.Length, buffer.Length);
    }

    [Fact]
    public void ToFrame_Message_PrefixesFlagZeroAndBigEndianLength()
    {
        var message = new DataRequest { Min = 1, Max = 300 };

        var frame = GrpcFrameWriter.ToFrame(message);

        Assert.Equal([0, 0, 0, 0, 5], frame[..5]);
        Assert.Equal(5 + message.CalculateSize(), frame.Length);
    }

    [Fact]
    public void Write_IntoABufferWriter_WritesTheSameBytesAsToFrame()
    {
        var message = new DataRequest { Min = 1, Max = 300 };
        var writer = new ArrayBufferWriter<byte>();

        GrpcFrameWriter.Write(writer, message);

        Assert.Equal(GrpcFrameWriter.ToFrame(message), writer.WrittenSpan.ToArray());
    }

    private static Task<DataRequest?> ReadAsync(PipeReader reader, int maxMessageSize = GrpcProtocol.DefaultMaxMessageSize) =>
        GrpcFrameReader.ReadMessageAsync(reader, DataRequest.Parser, maxMessageSize, TestContext.Current.CancellationToken).AsTask().WaitAsync(Timeout, TestContext.Current.CancellationToken);

    // Hands out one byte per read, so every frame arrives split at every possible point.
    private sealed class OneByteStream(byte[] bytes) : MemoryStream(bytes)
    {
        public override int Read(byte[] buffer, int offset, int count) => base.Read(buffer, offset, Math.Min(count, 1));

        public override int Read(Span<byte> buffer) => base.Read(buffer[..Math.Min(buffer.Length, 1)]);

        public override ValueTask<int> ReadAsync(Memory<byte> buffer, CancellationToken cancellationToken = default) =>
            base.ReadAsync(buffer[..Math.Min(buffer.Length, 1)], cancellationToken);

        public override Task<int> ReadAsync(byte[] buffer, int offset, int count, CancellationToken cancellationToken) =>
            base.ReadAsync(buffer, offset, Math.Min(count, 1), cancellationToken);
    }
}
