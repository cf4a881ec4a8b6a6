namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// One operation of the stand-in service contract, described the way WCF's operation description does: its name,
/// its parameters in order (each serialized as its own element in the wrapped SOAP body) and its result type.
/// </summary>
/// <param name="Name">The operation name, which is also the last segment of its SOAP action.</param>
/// <param name="Parameters">The parameters in the order they appear in the request wrapper.</param>
/// <param name="ResultType">The type of the <c>{Name}Result</c> element.</param>
/// <param name="Invoke">Runs the operation on the deserialized arguments.</param>
public sealed record WcfOperation(string Name, IReadOnlyList<WcfParameter> Parameters, Type ResultType, Func<object?[], object?> Invoke)
{
    /// <summary>The SOAP action, like WCF's default <c>{namespace}/{contract}/{operation}</c>.</summary>
    public string Action => WcfContract.ActionPrefix + Name;

    /// <summary>The response wrapper element name.</summary>
    public string ResponseName => Name + "Response";

    /// <summary>The result element name inside the response wrapper.</summary>
    public string ResultName => Name + "Result";
}
