namespace PerfAssert.Targets.Services.Wcf;

/// <summary>The two body formats of the WebHttpBinding stand-in.</summary>
public enum WebHttpFormat
{
    /// <summary>Bare <see cref="System.Runtime.Serialization.DataContractSerializer"/> XML (<c>application/xml</c>).</summary>
    Xml,

    /// <summary><see cref="System.Runtime.Serialization.Json.DataContractJsonSerializer"/> JSON (<c>application/json</c>).</summary>
    Json,
}
