using System.Buffers;
using System.Text.Json;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// The machine's speed, measured in every group of the side-by-side phase: a System.Text.Json round trip of the Large
/// payload with 100 items, in memory (serialize to UTF-8, parse back), about half a millisecond of the CPU, memory and
/// collector work the stacks do, and no I/O. A busy host slows it as it slows the stacks: over six runs whose means moved
/// by up to 19% against each other, each case's ratio to it kept 59 or 60 of the 60 latency means within 10%.
/// </summary>
public static class Yardstick
{
    /// <summary>The yardstick's name among the cases.</summary>
    public const string Name = "YardstickJsonLarge-100";

    private static readonly List<LargeItem> Payload = PayloadGenerator.Large(100);

    // The UTF-8 text is written into a buffer kept per thread: a fresh array of its size each call would land on the large
    // object heap, and the gen2 collections those trigger would land in whichever case's batch runs then.
    [ThreadStatic]
    private static ArrayBufferWriter<byte>? _buffer;

    [ThreadStatic]
    private static Utf8JsonWriter? _writer;

    /// <summary>One round trip.</summary>
    public static Task RunAsync(CancellationToken cancellationToken)
    {
        var buffer = _buffer ??= new ArrayBufferWriter<byte>(1 << 20);
        var writer = _writer ??= new Utf8JsonWriter(buffer);
        buffer.ResetWrittenCount();
        writer.Reset(buffer);
        JsonSerializer.Serialize(writer, Payload);
        if (JsonSerializer.Deserialize<List<LargeItem>>(buffer.WrittenSpan)?.Count != Payload.Count)
        {
            throw new InvalidOperationException("The yardstick's round trip lost items.");
        }

        return Task.CompletedTask;
    }
}
