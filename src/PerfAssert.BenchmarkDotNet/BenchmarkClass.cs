using System.Reflection;
using BenchmarkDotNet.Attributes;
using PerfAssert.BenchmarkDotNet.Discovery;

namespace PerfAssert.BenchmarkDotNet;

/// <summary>
/// A BenchmarkDotNet benchmark class read for PerfAssert: one <see cref="BenchmarkCase"/> per <c>[Benchmark]</c> method and
/// combination of <c>[Params]</c>/<c>[ParamsSource]</c>/<c>[ParamsAllValues]</c> values and <c>[Arguments]</c>/<c>[ArgumentsSource]</c>. Everything
/// the bridge cannot run honestly is rejected here, before anything is measured, naming the class and member.
/// </summary>
public sealed class BenchmarkClass
{
    private const string MemoryDiagnoser = "BenchmarkDotNet.Attributes.MemoryDiagnoserAttribute";
    private const BindingFlags Members = BindingFlags.Public | BindingFlags.NonPublic | BindingFlags.Instance | BindingFlags.Static;

    private BenchmarkClass(Type type, bool memoryDiagnoser, IReadOnlyList<BenchmarkCase> cases)
    {
        Type = type;
        HasMemoryDiagnoser = memoryDiagnoser;
        Cases = cases;
    }

    /// <summary>The benchmark class.</summary>
    public Type Type { get; }

    /// <summary>Whether the class carries BenchmarkDotNet's <c>[MemoryDiagnoser]</c>: allocation budgets apply.</summary>
    public bool HasMemoryDiagnoser { get; }

    /// <summary>Every case, in declaration order of methods and then parameter values.</summary>
    public IReadOnlyList<BenchmarkCase> Cases { get; }

    /// <summary>Every case's id, for a test framework's data source (for example an xUnit <c>TheoryData&lt;string&gt;</c>).</summary>
    public IEnumerable<string> CaseIds => Cases.Select(c => c.Id);

    /// <summary>Reads <typeparamref name="T"/>; <paramref name="budgets"/> replace any <see cref="BenchmarkBudgetAttribute"/>.</summary>
    public static BenchmarkClass Of<T>(BenchmarkBudgets? budgets = null)
        where T : class => Of(typeof(T), budgets);

    /// <summary>Reads <paramref name="type"/>; <paramref name="budgets"/> replace any <see cref="BenchmarkBudgetAttribute"/>.</summary>
    public static BenchmarkClass Of(Type type, BenchmarkBudgets? budgets = null)
    {
        ArgumentNullException.ThrowIfNull(type);
        budgets?.Validate();
        CheckType(type);
        var methods = type.GetMethods(Members).Where(m => m.DeclaringType != typeof(object)).OrderBy(m => m.MetadataToken).ToList();
        var benchmarks = methods.Where(m => m.GetCustomAttribute<BenchmarkAttribute>() is not null).ToList();
        if (benchmarks.Count == 0)
        {
            throw new BenchmarkBridgeException($"{type.FullName} has no [Benchmark] methods: mark the methods to measure with [Benchmark].");
        }

        var baselines = benchmarks.Where(m => m.GetCustomAttribute<BenchmarkAttribute>()!.Baseline).ToList();
        if (baselines.Count > 1)
        {
            throw new BenchmarkBridgeException($"{type.FullName} has {baselines.Count} baseline methods ({string.Join(", ", baselines.Select(m => m.Name))}): mark one [Benchmark(Baseline = true)].");
        }

        benchmarks.ForEach(m => CheckMethod(type, m));
        var memory = type.GetCustomAttributes(true).Any(a => a.GetType().FullName == MemoryDiagnoser);
        var lifecycle = Lifecycle.Read(type, methods);
        var parameters = ParameterSpace.Read(type);
        var combinations = ParameterSpace.Combinations(parameters).ToList();
        var cases = new List<BenchmarkCase>();
        foreach (var method in benchmarks)
        {
            var methodBudgets = budgets ?? (method.GetCustomAttribute<BenchmarkBudgetAttribute>() ?? type.GetCustomAttribute<BenchmarkBudgetAttribute>())?.ToBudgets() ?? new BenchmarkBudgets();
            CheckBudgets(type, method, methodBudgets, memory, baselines.Count == 1);
            foreach (var values in combinations)
            {
                foreach (var arguments in Arguments(type, method))
                {
                    var context = new CaseContext(type, method, parameters, values, arguments, lifecycle, memory, methodBudgets);
                    cases.Add(new BenchmarkCase(context, baselines.Count == 1 && baselines[0] == method));
                }
            }
        }

        BenchmarkCase.PairWithBaselines(cases);
        return new BenchmarkClass(type, memory, cases);
    }

    /// <summary>The case with this id; the error lists the ids there are.</summary>
    public BenchmarkCase Case(string id)
    {
        ArgumentNullException.ThrowIfNull(id);
        return Cases.FirstOrDefault(c => c.Id == id)
            ?? throw new BenchmarkBridgeException($"{Type.FullName} has no benchmark case '{id}'; its cases are: {string.Join(", ", CaseIds)}.");
    }

    private static void CheckType(Type type)
    {
        string? problem = type.ContainsGenericParameters ? "is generic; the bridge does not run [GenericTypeArguments] classes: benchmark a closed type, for example a derived non-generic class"
            : type.IsAbstract ? "is abstract"
            : !type.IsClass ? "is not a class"
            : type.GetConstructor(Type.EmptyTypes) is null ? "has no public parameterless constructor"
            : null;
        if (problem is not null)
        {
            throw new BenchmarkBridgeException($"{type.FullName} {problem}.");
        }
    }

    private static void CheckMethod(Type type, MethodInfo method)
    {
        var attribute = method.GetCustomAttribute<BenchmarkAttribute>()!;
        string? problem = attribute.OperationsPerInvoke != 1 ? $"sets OperationsPerInvoke = {attribute.OperationsPerInvoke}, which the bridge does not honour (figures would be per invocation, not per operation); remove it or keep this benchmark under BenchmarkDotNet's runner"
            : method.ContainsGenericParameters ? "is generic"
            : method.GetParameters().Any(p => p.ParameterType.IsByRef) ? "has a ref, out or in parameter"
            : method.GetParameters().Length > 0 && !method.GetCustomAttributes<ArgumentsAttribute>().Any() && method.GetCustomAttribute<ArgumentsSourceAttribute>() is null
                ? "has parameters but no [Arguments] or [ArgumentsSource]"
            : null;
        if (problem is not null)
        {
            throw new BenchmarkBridgeException($"{type.FullName}.{method.Name} {problem}.");
        }
    }

    private static void CheckBudgets(Type type, MethodInfo method, BenchmarkBudgets budgets, bool memory, bool hasBaseline)
    {
        if (budgets.AllocationsAtMostBaseline && !memory)
        {
            throw new BenchmarkBridgeException($"{type.FullName}.{method.Name}: an allocation budget needs [MemoryDiagnoser] on {type.Name}, as BenchmarkDotNet needs it to report allocations.");
        }

        if ((budgets.MeanAtMostBaseline is not null || budgets.AllocationsAtMostBaseline) && !hasBaseline)
        {
            throw new BenchmarkBridgeException($"{type.FullName}.{method.Name}: a budget relative to the baseline needs one [Benchmark(Baseline = true)] method in {type.Name}.");
        }
    }

    private static IEnumerable<IReadOnlyList<object?>> Arguments(Type type, MethodInfo method)
    {
        var parameters = method.GetParameters();
        var sets = method.GetCustomAttributes<ArgumentsAttribute>().Select(a => a.Values ?? [null]).ToList();
        if (method.GetCustomAttribute<ArgumentsSourceAttribute>() is { } source)
        {
            // As in BenchmarkDotNet: each item is one call's arguments, an object[] for several parameters.
            sets.AddRange(ParameterSpace.ReadSource(type, method.Name, source.Name).Select(v => v is object?[] many && parameters.Length != 1 ? many : new[] { v }));
        }

        if (sets.Count == 0)
        {
            return [[]];
        }

        foreach (var set in sets.Where(s => s.Length != parameters.Length))
        {
            throw new BenchmarkBridgeException($"{type.FullName}.{method.Name}: [Arguments] gives {set.Length} values for {parameters.Length} parameters.");
        }

        return sets.Select(s => (IReadOnlyList<object?>)s.Select((v, i) => v is null || parameters[i].ParameterType.IsInstanceOfType(v)
            ? v
            : Convert.ChangeType(v, Nullable.GetUnderlyingType(parameters[i].ParameterType) ?? parameters[i].ParameterType, System.Globalization.CultureInfo.InvariantCulture)).ToList());
    }
}
