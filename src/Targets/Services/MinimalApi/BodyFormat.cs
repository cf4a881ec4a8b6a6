namespace PerfAssert.Targets.Services.MinimalApi;

/// <summary>A serializer a minimal API endpoint drives by hand: which Content-Types it reads and how.</summary>
public abstract class BodyFormat
{
    /// <summary>Newtonsoft JSON with camelCase names, as MVC's <c>AddNewtonsoftJson</c> writes it.</summary>
    public static BodyFormat Newtonsoft { get; } = new NewtonsoftBodyFormat();

    /// <summary>XML through <see cref="System.Runtime.Serialization.DataContractSerializer"/>.</summary>
    public static BodyFormat DataContractXml { get; } = new DataContractXmlBodyFormat();

    /// <summary>The Content-Type of answers.</summary>
    public abstract string ContentType { get; }

    /// <summary>Whether a request body of <paramref name="mediaType"/> (no parameters, lower case) can be read.</summary>
    public abstract bool CanRead(string mediaType);

    /// <summary>Reads a whole body; throws <see cref="InvalidDataException"/> with a short reason when it is malformed.</summary>
    public abstract T? Deserialize<T>(ReadOnlyMemory<byte> body);

    /// <summary>Writes <paramref name="value"/> to <paramref name="destination"/>.</summary>
    public abstract void Serialize<T>(Stream destination, T value);
}
