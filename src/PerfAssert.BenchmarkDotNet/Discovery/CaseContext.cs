using System.Reflection;

namespace PerfAssert.BenchmarkDotNet.Discovery;

/// <summary>What it takes to run one case: the class, the method, the parameter values, the arguments and the budgets.</summary>
internal sealed record CaseContext(
    Type Type,
    MethodInfo Method,
    IReadOnlyList<ParameterMember> Parameters,
    IReadOnlyList<KeyValuePair<string, object?>> Values,
    IReadOnlyList<object?> Arguments,
    Lifecycle Lifecycle,
    bool MemoryDiagnoser,
    BenchmarkBudgets Budgets)
{
    /// <summary>Creates an instance with the parameter values set and the global setup run, as BenchmarkDotNet does.</summary>
    public async Task<object> CreateAsync()
    {
        var instance = Activator.CreateInstance(Type)!;
        for (var i = 0; i < Parameters.Count; i++)
        {
            Parameters[i].Set(instance, Values[i].Value);
        }

        await Lifecycle.SetupAsync(instance, Method.Name).ConfigureAwait(false);
        return instance;
    }

    public Task CleanupAsync(object instance) => Lifecycle.CleanupAsync(instance, Method.Name);

    public bool SameValues(CaseContext other) => Values.SequenceEqual(other.Values);
}
