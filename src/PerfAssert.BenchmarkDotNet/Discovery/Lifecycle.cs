using System.Reflection;
using BenchmarkDotNet.Attributes;

namespace PerfAssert.BenchmarkDotNet.Discovery;

/// <summary>The <c>[GlobalSetup]</c> and <c>[GlobalCleanup]</c> methods of a class, by the benchmark they target.</summary>
internal sealed class Lifecycle
{
    private readonly IReadOnlyList<(MethodInfo Method, TargetedAttribute Attribute)> _setups;
    private readonly IReadOnlyList<(MethodInfo Method, TargetedAttribute Attribute)> _cleanups;

    private Lifecycle(IReadOnlyList<(MethodInfo, TargetedAttribute)> setups, IReadOnlyList<(MethodInfo, TargetedAttribute)> cleanups)
    {
        _setups = setups;
        _cleanups = cleanups;
    }

    public static Lifecycle Read(Type type, IReadOnlyList<MethodInfo> methods)
    {
        foreach (var method in methods)
        {
            if (method.GetCustomAttribute<IterationSetupAttribute>() is not null || method.GetCustomAttribute<IterationCleanupAttribute>() is not null)
            {
                throw new BenchmarkBridgeException(
                    $"{type.FullName}.{method.Name}: [IterationSetup]/[IterationCleanup] is not supported by the PerfAssert bridge: PerfAssert times "
                    + "blocks of many calls, and running a setup between calls would be timed or would change the figures. Move the work "
                    + "into [GlobalSetup] or into the benchmark, or keep this benchmark under BenchmarkDotNet's runner.");
            }

            if (method.GetParameters().Length > 0 && (method.GetCustomAttribute<GlobalSetupAttribute>() is not null || method.GetCustomAttribute<GlobalCleanupAttribute>() is not null))
            {
                throw new BenchmarkBridgeException($"{type.FullName}.{method.Name}: a [GlobalSetup]/[GlobalCleanup] method must take no parameters.");
            }
        }

        return new Lifecycle(Find<GlobalSetupAttribute>(methods), Find<GlobalCleanupAttribute>(methods));
    }

    public Task SetupAsync(object instance, string benchmark) => RunAsync(_setups, instance, benchmark);

    public Task CleanupAsync(object instance, string benchmark) => RunAsync(_cleanups, instance, benchmark);

    private static List<(MethodInfo, TargetedAttribute)> Find<T>(IReadOnlyList<MethodInfo> methods)
        where T : TargetedAttribute =>
        [.. methods.Select(m => (m, (TargetedAttribute?)m.GetCustomAttribute<T>())).Where(p => p.Item2 is not null).Select(p => (p.m, p.Item2!))];

    private static async Task RunAsync(IReadOnlyList<(MethodInfo Method, TargetedAttribute Attribute)> methods, object instance, string benchmark)
    {
        // Untargeted methods apply to every benchmark; targeted ones only to the benchmarks they name, as in BenchmarkDotNet.
        foreach (var (method, attribute) in methods)
        {
            var targets = attribute.Targets ?? [];
            if (targets.Length > 0 && !targets.Contains(benchmark, StringComparer.Ordinal))
            {
                continue;
            }

            object? result;
            try
            {
                result = method.Invoke(method.IsStatic ? null : instance, null);
            }
            catch (TargetInvocationException e)
            {
                throw new BenchmarkBridgeException($"{method.DeclaringType!.FullName}.{method.Name} threw {e.InnerException!.GetType().Name}: {e.InnerException.Message}", e.InnerException);
            }

            if (result is Task task)
            {
                await task.ConfigureAwait(false);
            }
            else if (result is ValueTask valueTask)
            {
                await valueTask.ConfigureAwait(false);
            }
        }
    }
}
