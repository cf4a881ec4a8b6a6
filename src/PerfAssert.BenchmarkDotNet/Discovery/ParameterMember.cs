using System.Reflection;

namespace PerfAssert.BenchmarkDotNet.Discovery;

/// <summary>One <c>[Params]</c>, <c>[ParamsSource]</c> or <c>[ParamsAllValues]</c> field or property and its values.</summary>
internal sealed record ParameterMember(MemberInfo Member, IReadOnlyList<object?> Values)
{
    public string Name => Member.Name;

    public void Set(object instance, object? value)
    {
        if (Member is FieldInfo field)
        {
            field.SetValue(field.IsStatic ? null : instance, value);
        }
        else
        {
            var property = (PropertyInfo)Member;
            property.SetValue(property.GetSetMethod(true)!.IsStatic ? null : instance, value);
        }
    }
}
