using System.Collections.Frozen;
using System.Globalization;
using System.Text;
using System.Xml;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// The strings of the stand-in's envelopes as <see cref="XmlDictionaryString"/>s. Those in WCF's static dictionary of binary
/// XML ([MC-NBFS] 2.3.1: "Envelope", "Header", the SOAP and WS-Addressing namespaces, ...) come from that table, in its order,
/// so a binary writer sends WCF's integer for each and a binary reader understands WCF's; the contract's own names
/// (operations, parameters, actions, its namespace) are in a second dictionary the binary writer does not know, so on NetTcp
/// they travel as session strings ([MC-NBFSE]), as WCF sends them. Text writers accept both, so one envelope code path
/// serves text and binary.
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

    /// <summary>WS-Addressing 1.0's anonymous address: a request's <c>ReplyTo</c> when the reply comes back on the same connection.</summary>
    public const string AnonymousAddress = AddressingNamespace + "/anonymous";

    private const string StaticTableResource = "PerfAssert.Targets.WcfStaticDictionary.txt";

    private static readonly XmlDictionary StaticDictionary = LoadStaticTable();
    private static readonly XmlDictionary ContractDictionary = new();
    private static readonly FrozenDictionary<string, XmlDictionaryString> Strings = Build();

    /// <summary>WCF's static dictionary ([MC-NBFS] 2.3.1): what the binary XML writer and reader of a NetTcp session share.</summary>
    public static XmlDictionary Dictionary => StaticDictionary;

    public static XmlDictionaryString Get(string value) =>
        Strings.TryGetValue(value, out var found) ? found : throw new KeyNotFoundException($"'{value}' is not a string of the WCF stand-in's envelopes.");

    /// <summary>Loads the table; each line's id must be twice its key, so a line lost or moved fails here, not on the wire.</summary>
    private static XmlDictionary LoadStaticTable()
    {
        using var stream = typeof(WcfDictionary).Assembly.GetManifestResourceStream(StaticTableResource)
            ?? throw new InvalidOperationException($"The embedded resource {StaticTableResource} is missing from {typeof(WcfDictionary).Assembly.GetName().Name}.");
        using var reader = new StreamReader(stream, Encoding.UTF8);
        var dictionary = new XmlDictionary();
        var key = 0;
        while (reader.ReadLine() is { } line)
        {
            if (line.StartsWith('#'))
            {
                continue;
            }

            var tab = line.IndexOf('\t', StringComparison.Ordinal);
            var id = tab > 2 && line.StartsWith("0x", StringComparison.Ordinal)
                && int.TryParse(line.AsSpan(2, tab - 2), NumberStyles.AllowHexSpecifier, CultureInfo.InvariantCulture, out var parsed) ? parsed : -1;
            if (id != key * 2)
            {
                throw new InvalidDataException($"{StaticTableResource}: expected id 0x{key * 2:X2} next, got the line '{line}'.");
            }

            dictionary.Add(line[(tab + 1)..]);
            key++;
        }

        return dictionary;
    }

    private static FrozenDictionary<string, XmlDictionaryString> Build()
    {
        List<string> values =
        [
            "Envelope", "Header", "Body", "Fault", "Action", "MessageID", "ReplyTo", "Address", "To", "RelatesTo", "mustUnderstand",
            "s", "a", Soap11Namespace, Soap12Namespace, AddressingNamespace, AnonymousAddress, FaultAction, WcfContract.Namespace,
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
            strings.Add(value, StaticDictionary.TryLookup(value, out var known) ? known : ContractDictionary.Add(value));
        }

        return strings.ToFrozenDictionary(StringComparer.Ordinal);
    }
}
