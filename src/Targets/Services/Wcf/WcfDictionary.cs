using System.Collections.Frozen;
using System.Xml;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The static dictionary of the stand-in contract's envelope and operation names, shared by both ends the way WCF's
/// binary encoder shares its static dictionary: the binary XML writer sends a small integer instead of each of these
/// strings. Text writers accept the same <see cref="XmlDictionaryString"/>s, so one envelope code path serves both.
/// </summary>
internal static class WcfDictionary
{
    public const string Soap11Namespace = "http://schemas.xmlsoap.org/soap/envelope/";
    public const string Soap12Namespace = "http://www.w3.org/2003/05/soap-envelope";
    public const string AddressingNamespace = "http://www.w3.org/2005/08/addressing";

    /// <summary>What WCF names the absence of WS-Addressing (<c>AddressingVersion.None</c>, BasicHttpBinding's SOAP 1.1): the
    /// namespace of the addressing fault codes it writes without addressing headers, such as <c>ActionNotSupported</c>.</summary>
    public const string AddressingNoneNamespace = "http://schemas.microsoft.com/ws/2005/05/addressing/none";
    public const string FaultAction = AddressingNamespace + "/soap/fault";

    private static readonly XmlDictionary StaticDictionary = new();
    private static readonly FrozenDictionary<string, XmlDictionaryString> Strings = Build(StaticDictionary);

    public static XmlDictionary Dictionary => StaticDictionary;

    public static XmlDictionaryString Get(string value) =>
        Strings.TryGetValue(value, out var found) ? found : throw new KeyNotFoundException($"'{value}' is not in the WCF stand-in dictionary.");

    // Order matters: both ends must assign the same keys, so the list is fixed and only ever appended to.
    private static FrozenDictionary<string, XmlDictionaryString> Build(XmlDictionary dictionary)
    {
        List<string> values =
        [
            "Envelope", "Header", "Body", "Fault", "Action", "mustUnderstand", "s", "a",
            Soap11Namespace, Soap12Namespace, AddressingNamespace, FaultAction, WcfContract.Namespace,
            "faultcode", "faultstring", "Code", "Value", "Subcode", "Reason", "Text", "lang",
        ];
        foreach (var operation in WcfContract.Operations)
        {
            values.AddRange([operation, operation + "Response", operation + "Result", WcfContract.ActionPrefix + operation, WcfContract.ActionPrefix + operation + "Response"]);
            values.AddRange(WcfContract.ParametersOf(operation).Select(p => p.Name));
        }

        var strings = new Dictionary<string, XmlDictionaryString>(StringComparer.Ordinal);
        foreach (var value in values.Distinct(StringComparer.Ordinal))
        {
            strings.Add(value, dictionary.Add(value));
        }

        return strings.ToFrozenDictionary(StringComparer.Ordinal);
    }
}
