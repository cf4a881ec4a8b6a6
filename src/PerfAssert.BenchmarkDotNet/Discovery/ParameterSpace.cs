using System.Collections;
using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace PerfAssert.BenchmarkDotNet.Discovery;

/// <summary>Reads the parameter members of a benchmark class and the values of each, as BenchmarkDotNet would.</summary>
internal static class ParameterSpace
{
    private const BindingFlags All = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static;

    public static IReadOnlyList<ParameterMember> Read(Type type)
    {
        var members = new List<ParameterMember>();
        foreach (var member in type.GetMembers(All).Where(m => m is FieldInfo or PropertyInfo).OrderBy(m => m.MetadataToken))
        {
            if (member.GetCustomAttribute<ParamsAttribute>() is { } values)
            {
                members.Add(new ParameterMember(member, (values.Values ?? [null]).Select(v => Convert(v, member)).ToList()));
            }
            else if (member.GetCustomAttribute<ParamsSourceAttribute>() is { } source)
            {
                members.Add(new ParameterMember(member, FromSource(type, member, source.Name)));
            }
            else if (member.GetCustomAttribute<ParamsAllValuesAttribute>() is not null)
            {
                members.Add(new ParameterMember(member, AllValues(type, member)));
            }
        }

        foreach (var member in members)
        {
            if (member.Member is PropertyInfo { CanWrite: false })
            {
                throw new BenchmarkBridgeException($"{type.FullName}.{member.Name}: a [Params] property needs a setter.");
            }

            if (member.Values.Count == 0)
            {
                throw new BenchmarkBridgeException($"{type.FullName}.{member.Name}: the parameter has no values.");
            }
        }

        return members;
    }

    /// <summary>Every combination of parameter values, in declaration order (the first member varies slowest).</summary>
    public static IEnumerable<IReadOnlyList<KeyValuePair<string, object?>>> Combinations(IReadOnlyList<ParameterMember> members)
    {
        IEnumerable<IReadOnlyList<KeyValuePair<string, object?>>> result = [[]];
        foreach (var member in members)
        {
            result = result.SelectMany(prefix => member.Values.Select(v => (IReadOnlyList<KeyValuePair<string, object?>>)[.. prefix, new(member.Name, v)])).ToList();
        }

        return result;
    }

    public static Type TypeOf(MemberInfo member) => member is FieldInfo f ? f.FieldType : ((PropertyInfo)member).PropertyType;

    private static object? Convert(object? value, MemberInfo member)
    {
        var target = Nullable.GetUnderlyingType(TypeOf(member)) ?? TypeOf(member);
        return value is null || target.IsInstanceOfType(value) ? value : System.Convert.ChangeType(value, target, System.Globalization.CultureInfo.InvariantCulture);
    }

    private static List<object?> FromSource(Type type, MemberInfo member, string sourceName) =>
        ReadSource(type, member.Name, sourceName).Select(v => Convert(v, member)).ToList();

    /// <summary>The values of a <c>[ParamsSource]</c> or <c>[ArgumentsSource]</c> member; errors name the class, the source and its user.</summary>
    public static List<object?> ReadSource(Type type, string user, string sourceName)
    {
        var source = type.GetMember(sourceName, All).FirstOrDefault()
            ?? throw new BenchmarkBridgeException($"{type.FullName}.{user}: the source \"{sourceName}\" names no member of {type.FullName}.");
        object? values;
        try
        {
            var instance = IsStatic(source) ? null : Activator.CreateInstance(type);
            values = source switch
            {
                MethodInfo method when method.GetParameters().Length == 0 => method.Invoke(instance, null),
                PropertyInfo property => property.GetValue(instance),
                FieldInfo field => field.GetValue(instance),
                _ => throw new BenchmarkBridgeException($"{type.FullName}.{sourceName}: a parameter or arguments source must be a field, a property or a method without parameters."),
            };
        }
        catch (TargetInvocationException e)
        {
            throw new BenchmarkBridgeException($"{type.FullName}.{sourceName}: the source of {user} threw {e.InnerException!.GetType().Name}: {e.InnerException.Message}", e.InnerException);
        }

        if (values is not IEnumerable enumerable)
        {
            throw new BenchmarkBridgeException($"{type.FullName}.{sourceName}: the source of {user} must return an IEnumerable, not {values?.GetType().Name ?? "null"}.");
        }

        try
        {
            return enumerable.Cast<object?>().ToList();
        }
        catch (Exception e) when (e is not BenchmarkBridgeException)
        {
            throw new BenchmarkBridgeException($"{type.FullName}.{sourceName}: enumerating the source of {user} threw {e.GetType().Name}: {e.Message}", e);
        }
    }

    private static List<object?> AllValues(Type type, MemberInfo member)
    {
        var memberType = TypeOf(member);
        var underlying = Nullable.GetUnderlyingType(memberType);
        var core = underlying ?? memberType;
        List<object?> values = core == typeof(bool) ? [false, true]
            : core.IsEnum && core.GetCustomAttribute<FlagsAttribute>() is null ? [.. Enum.GetValues(core).Cast<object?>()]
            : throw new BenchmarkBridgeException($"{type.FullName}.{member.Name}: [ParamsAllValues] is supported for bool and non-flags enum members only, not {memberType.Name}.");
        if (underlying is not null)
        {
            values.Insert(0, null);
        }

        return values;
    }

    private static bool IsStatic(MemberInfo member) => member switch
    {
        MethodInfo m => m.IsStatic,
        FieldInfo f => f.IsStatic,
        PropertyInfo p => p.GetMethod?.IsStatic ?? false,
        _ => false,
    };
}
