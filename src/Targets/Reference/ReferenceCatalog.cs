using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Reference;

/// <summary>Opens any case of the reference suite by name: latency echo, data stream or todo.</summary>
public static class ReferenceCatalog
{
    /// <summary>Opens the named case's clients on a running host.</summary>
    public static BoundCase Open(string name, TargetEndpoints endpoints)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(name);
        if (name.StartsWith("DataStream", StringComparison.Ordinal))
        {
            return DataStreamCases.Get(name).Open(endpoints);
        }

        if (name.StartsWith("Todo", StringComparison.Ordinal))
        {
            return TodoCases.Get(name).Open(endpoints);
        }

        var echo = ReferenceCases.Get(name);
        var client = echo.Stack.Create(endpoints);
        return new BoundCase(echo.Bind(client), [client]);
    }
}
