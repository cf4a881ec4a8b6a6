using System.Buffers;

namespace PerfAssert.Functional.MessagePack;

/// <summary>Builds multi-segment sequences, as a body arriving in several network reads looks.</summary>
internal static class MessagePackSequences
{
    public static ReadOnlySequence<byte> Split(byte[] bytes, int segmentLength)
    {
        var first = new Segment(bytes.AsMemory(0, Math.Min(segmentLength, bytes.Length)), 0);
        var last = first;
        for (var start = segmentLength; start < bytes.Length; start += segmentLength)
        {
            last = last.Append(bytes.AsMemory(start, Math.Min(segmentLength, bytes.Length - start)));
        }

        return new ReadOnlySequence<byte>(first, 0, last, last.Memory.Length);
    }

    private sealed class Segment : ReadOnlySequenceSegment<byte>
    {
        public Segment(ReadOnlyMemory<byte> memory, long runningIndex)
        {
            Memory = memory;
            RunningIndex = runningIndex;
        }

        public Segment Append(ReadOnlyMemory<byte> memory)
        {
            var next = new Segment(memory, RunningIndex + Memory.Length);
            Next = next;
            return next;
        }
    }
}
