using System.Text;
using System.Xml;

namespace PerfAssert.Targets.Services.Wcf.NetTcp;

/// <summary>
/// One connection's binary XML encoding, like WCF's binary session encoder: names in the static
/// <see cref="WcfDictionary"/> travel as integers, and any other name the serializers write is added to a session
/// dictionary once and sent in front of the first message that uses it, so later messages carry only its key.
/// Each envelope is <c>[size of new strings][each: size, UTF-8][binary XML]</c>. Not thread-safe: one per connection.
/// </summary>
internal sealed class NetTcpBinaryCodec
{
    private readonly RecordingSession _writerSession = new();
    private readonly XmlBinaryReaderSession _readerSession = new();
    private int _readerSessionCount;

    /// <summary>Writes one message and returns it as a complete sized-envelope record.</summary>
    public byte[] EncodeFrame(Action<XmlDictionaryWriter> write)
    {
        using var xml = new MemoryStream();
        using (var writer = XmlDictionaryWriter.CreateBinaryWriter(xml, WcfDictionary.Dictionary, _writerSession, ownsStream: false))
        {
            write(writer);
            writer.Flush();
        }

        using var strings = new MemoryStream();
        foreach (var value in _writerSession.TakeNew())
        {
            NetTcpFraming.WriteString(strings, value);
        }

        using var frame = new MemoryStream((int)(xml.Length + strings.Length + 16));
        frame.WriteByte(NetTcpRecord.SizedEnvelope);
        using var sizeOfStrings = new MemoryStream();
        NetTcpFraming.WriteSize(sizeOfStrings, (int)strings.Length);
        NetTcpFraming.WriteSize(frame, (int)(sizeOfStrings.Length + strings.Length + xml.Length));
        sizeOfStrings.WriteTo(frame);
        strings.WriteTo(frame);
        xml.WriteTo(frame);
        return frame.ToArray();
    }

    /// <summary>Takes in a message's new session strings and returns a reader over its XML.</summary>
    /// <exception cref="NetTcpFramingException">The session strings are malformed; the session cannot continue.</exception>
    public XmlDictionaryReader Decode(byte[] payload)
    {
        var position = 0;
        var stringsLength = ReadSize(payload, ref position);
        var stringsEnd = position + stringsLength;
        if (stringsLength < 0 || stringsEnd > payload.Length)
        {
            throw new NetTcpFramingException(NetTcpRecord.InvalidRecordFault, "The session dictionary is longer than its message.");
        }

        while (position < stringsEnd)
        {
            var length = ReadSize(payload, ref position);
            if (length < 0 || length > stringsEnd - position)
            {
                throw new NetTcpFramingException(NetTcpRecord.InvalidRecordFault, "A session dictionary string overruns its section.");
            }

            _readerSession.Add(_readerSessionCount++, Encoding.UTF8.GetString(payload, position, length));
            position += length;
        }

        return XmlDictionaryReader.CreateBinaryReader(payload, position, payload.Length - position, WcfDictionary.Dictionary, WcfLimits.ReaderQuotas, _readerSession);
    }

    private static int ReadSize(byte[] payload, ref int position)
    {
        var value = 0L;
        for (var shift = 0; shift < 35 && position < payload.Length; shift += 7)
        {
            var next = payload[position++];
            value |= (long)(next & 0x7F) << shift;
            if ((next & 0x80) == 0)
            {
                return value <= int.MaxValue ? (int)value : -1;
            }
        }

        return -1;
    }

    /// <summary>Remembers which strings the writer added since the last message, so they can be sent in front of it.</summary>
    private sealed class RecordingSession : XmlBinaryWriterSession
    {
        private readonly List<string> _added = [];
        private int _count;

        public override bool TryAdd(XmlDictionaryString value, out int key)
        {
            if (!base.TryAdd(value, out key))
            {
                return false;
            }

            // The reader numbers strings in arrival order, so the writer's keys must be exactly that sequence.
            if (key != _count++)
            {
                throw new InvalidOperationException($"Session key {key} is out of sequence (expected {_count - 1}).");
            }

            _added.Add(value.Value);
            return true;
        }

        public string[] TakeNew()
        {
            var added = _added.ToArray();
            _added.Clear();
            return added;
        }
    }
}
