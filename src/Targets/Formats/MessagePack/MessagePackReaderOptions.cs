namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>
/// Limits the reader enforces before it allocates, so a hostile or corrupt header cannot make it reserve
/// gigabytes. Every length is also checked against the bytes actually left in the input.
/// </summary>
public sealed record MessagePackReaderOptions
{
    /// <summary>The limits the targets use.</summary>
    public static MessagePackReaderOptions Default { get; } = new();

    /// <summary>
    /// The most elements an array (or entries a map) may declare.
    /// <value>The default is 1,048,576: ten times the reference's largest list (Large-1000 has about 3,000 order lines).</value>
    /// </summary>
    public int MaxCollectionLength { get; init; } = 1 << 20;

    /// <summary>The most UTF-8 bytes one string may declare. <value>The default is 1 MiB.</value></summary>
    public int MaxStringBytes { get; init; } = 1 << 20;

    /// <summary>The most bytes one bin or ext payload may declare. <value>The default is 1 MiB.</value></summary>
    public int MaxBinaryBytes { get; init; } = 1 << 20;
}
