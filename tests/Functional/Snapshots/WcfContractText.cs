using System.Reflection;
using System.Runtime.Serialization;
using System.Text;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.Snapshots;

/// <summary>
/// Renders the WCF stand-in's contract the way a reviewer reads a WSDL: contract name and namespace, each operation's
/// action, wrappers, parameters and result, the endpoints and limits, and every data contract reachable from it.
/// </summary>
internal static class WcfContractText
{
    public static string Render(WcfService service)
    {
        ArgumentNullException.ThrowIfNull(service);
        var text = new StringBuilder();
        text.Append("contract ").Append(WcfContract.Name).Append('\n');
        text.Append("namespace ").Append(WcfContract.Namespace).Append('\n');
        text.Append("action prefix ").Append(WcfContract.ActionPrefix).Append('\n');
        text.Append("basic http ").Append(BasicHttpEndpoint.Path).Append(" (").Append(BasicHttpEndpoint.ContentType).Append(")\n");
        text.Append("web http ").Append(WebHttpEndpoints.XmlPrefix).Append("/{operation}, ").Append(WebHttpEndpoints.JsonPrefix).Append("/{operation}\n");
        text.Append("max received message size ").Append(WcfLimits.MaxReceivedMessageSize).Append('\n');
        text.Append("max data stream items ").Append(WcfLimits.MaxDataStreamItems).Append('\n');
        var types = new SortedDictionary<string, Type>(StringComparer.Ordinal);
        foreach (var name in WcfContract.Operations)
        {
            var operation = service.Operations[name];
            Assert.Same(operation, service.ByAction[operation.Action]);
            text.Append('\n').Append("operation ").Append(operation.Name).Append('\n');
            text.Append("  action ").Append(operation.Action).Append('\n');
            text.Append("  request wrapper ").Append(operation.Name).Append('(')
                .Append(string.Join(", ", operation.Parameters.Select(p => p.Name + ": " + TypeName(p.Type)))).Append(")\n");
            text.Append("  response wrapper ").Append(operation.ResponseName).Append('(').Append(operation.ResultName).Append(": ").Append(TypeName(operation.ResultType)).Append(")\n");
            text.Append("  web http body ").Append(WebHttpEndpoints.RequestBodyType(operation) is { } body ? TypeName(body) : "(none)").Append('\n');
            foreach (var type in operation.Parameters.Select(p => p.Type).Append(operation.ResultType))
            {
                Collect(type, types);
            }
        }

        foreach (var type in types.Values)
        {
            AppendDataContract(text, type);
        }

        return text.ToString();
    }

    private static void AppendDataContract(StringBuilder text, Type type)
    {
        var contract = type.GetCustomAttribute<DataContractAttribute>()!;
        text.Append('\n').Append("data contract ").Append(contract.Name ?? type.Name).Append(" (").Append(contract.Namespace).Append(")\n");
        foreach (var (member, property) in DataMembers(type))
        {
            text.Append("  ").Append(member.Order).Append(' ').Append(member.Name ?? property.Name).Append(": ").Append(TypeName(property.PropertyType))
                .Append(member.IsRequired ? " required" : string.Empty).Append('\n');
        }
    }

    private static void Collect(Type type, SortedDictionary<string, Type> types)
    {
        if (type.IsGenericType)
        {
            foreach (var argument in type.GetGenericArguments())
            {
                Collect(argument, types);
            }

            return;
        }

        if (type.GetCustomAttribute<DataContractAttribute>() is null || !types.TryAdd(type.Name, type))
        {
            return;
        }

        foreach (var (_, property) in DataMembers(type))
        {
            Collect(property.PropertyType, types);
        }
    }

    private static IEnumerable<(DataMemberAttribute Member, PropertyInfo Property)> DataMembers(Type type) =>
        type.GetProperties()
            .Select(p => (Member: p.GetCustomAttribute<DataMemberAttribute>()!, Property: p))
            .Where(m => m.Member is not null)
            .OrderBy(m => m.Member.Order)
            .ThenBy(m => m.Property.Name, StringComparer.Ordinal);

    private static string TypeName(Type type)
    {
        if (Nullable.GetUnderlyingType(type) is { } underlying)
        {
            return TypeName(underlying) + "?";
        }

        return type.IsGenericType
            ? $"{type.Name[..type.Name.IndexOf('`', StringComparison.Ordinal)]}<{string.Join(", ", type.GetGenericArguments().Select(TypeName))}>"
            : type.Name;
    }
}
