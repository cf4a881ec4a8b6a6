using System.Buffers.Binary;
using System.IO.Compression;

namespace PerfAssert.Tests.Support;

/// <summary>
/// The pixels of a PNG as a browser's screenshot writes it: 8 bits per channel, RGB or RGBA, not interlaced. Enough to
/// look at what a person would see in a rendered report; anything else is refused with what it found.
/// </summary>
internal sealed class PngImage
{
    private static readonly byte[] Signature = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A];

    private readonly byte[] _pixels;
    private readonly int _channels;

    private PngImage(int width, int height, int channels, byte[] pixels)
    {
        Width = width;
        Height = height;
        _channels = channels;
        _pixels = pixels;
    }

    public int Width { get; }

    public int Height { get; }

    /// <summary>The pixel's colour as <c>0xRRGGBB</c> (alpha ignored).</summary>
    public int Rgb(int x, int y)
    {
        var i = ((y * Width) + x) * _channels;
        return (_pixels[i] << 16) | (_pixels[i + 1] << 8) | _pixels[i + 2];
    }

    public static PngImage Read(string path)
    {
        var bytes = File.ReadAllBytes(path);
        if (bytes.Length < Signature.Length || !bytes.AsSpan(0, Signature.Length).SequenceEqual(Signature))
        {
            throw new InvalidDataException($"{path}: not a PNG file");
        }

        int width = 0, height = 0, channels = 0;
        using var compressed = new MemoryStream();
        for (var offset = Signature.Length; offset + 8 <= bytes.Length;)
        {
            var length = BinaryPrimitives.ReadInt32BigEndian(bytes.AsSpan(offset));
            var type = System.Text.Encoding.ASCII.GetString(bytes, offset + 4, 4);
            var data = bytes.AsSpan(offset + 8, length);
            if (type == "IHDR")
            {
                width = BinaryPrimitives.ReadInt32BigEndian(data);
                height = BinaryPrimitives.ReadInt32BigEndian(data[4..]);
                var (depth, colourType, interlace) = (data[8], data[9], data[12]);
                channels = colourType switch { 2 => 3, 6 => 4, _ => 0 };
                if (depth != 8 || channels == 0 || interlace != 0)
                {
                    throw new InvalidDataException($"{path}: bit depth {depth}, colour type {colourType}, interlace {interlace}; only 8-bit RGB or RGBA, not interlaced, is read");
                }
            }
            else if (type == "IDAT")
            {
                compressed.Write(data);
            }

            offset += 12 + length;
        }

        compressed.Position = 0;
        using var inflated = new MemoryStream();
        using (var zlib = new ZLibStream(compressed, CompressionMode.Decompress))
        {
            zlib.CopyTo(inflated);
        }

        return new PngImage(width, height, channels, Unfilter(inflated.ToArray(), width, height, channels));
    }

    /// <summary>Undoes each scanline's filter (PNG's None, Sub, Up, Average, Paeth).</summary>
    private static byte[] Unfilter(byte[] raw, int width, int height, int channels)
    {
        var stride = width * channels;
        var pixels = new byte[stride * height];
        for (var y = 0; y < height; y++)
        {
            var filter = raw[y * (stride + 1)];
            var source = raw.AsSpan((y * (stride + 1)) + 1, stride);
            var row = pixels.AsSpan(y * stride, stride);
            var above = y > 0 ? pixels.AsSpan((y - 1) * stride, stride) : new byte[stride];
            for (var i = 0; i < stride; i++)
            {
                int left = i >= channels ? row[i - channels] : 0, up = above[i], corner = i >= channels ? above[i - channels] : 0;
                row[i] = (byte)(source[i] + filter switch
                {
                    0 => 0,
                    1 => left,
                    2 => up,
                    3 => (left + up) / 2,
                    4 => Paeth(left, up, corner),
                    _ => throw new InvalidDataException($"unknown PNG filter {filter} on row {y}"),
                });
            }
        }

        return pixels;
    }

    private static int Paeth(int left, int up, int corner)
    {
        var estimate = left + up - corner;
        var (toLeft, toUp, toCorner) = (Math.Abs(estimate - left), Math.Abs(estimate - up), Math.Abs(estimate - corner));
        return toLeft <= toUp && toLeft <= toCorner ? left : toUp <= toCorner ? up : corner;
    }
}
