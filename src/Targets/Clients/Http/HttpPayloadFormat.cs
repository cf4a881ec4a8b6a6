namespace PerfAssert.Targets.Clients.Http;

/// <summary>How an HTTP client writes a request body and reads an answer in one format.</summary>
public abstract class HttpPayloadFormat
{
    /// <summary>System.Text.Json with the web defaults minimal APIs use.</summary>
    public static HttpPayloadFormat SystemTextJson { get; } = new SystemTextJsonPayloadFormat();

    /// <summary>Newtonsoft JSON with camelCase names, as MVC's <c>AddNewtonsoftJson</c> writes it.</summary>
    public static HttpPayloadFormat Newtonsoft { get; } = new NewtonsoftPayloadFormat();

    /// <summary>XML through <see cref="System.Runtime.Serialization.DataContractSerializer"/>.</summary>
    public static HttpPayloadFormat DataContractXml { get; } = new DataContractXmlPayloadFormat();

    /// <summary>The media type sent as Content-Type and asked for with Accept.</summary>
    public abstract string MediaType { get; }

    /// <summary>Serializes <paramref name="value"/> into a buffered body, so the request carries Content-Length.</summary>
    public abstract HttpContent Serialize<T>(T value);

    /// <summary>Reads an answer; throws <see cref="InvalidDataException"/> when it does not hold a value.</summary>
    public abstract Task<T> DeserializeAsync<T>(HttpContent content, CancellationToken cancellationToken);
}
