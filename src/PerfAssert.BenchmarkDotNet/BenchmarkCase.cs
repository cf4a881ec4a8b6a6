using System.Reflection;
using PerfAssert.BenchmarkDotNet.Discovery;

namespace PerfAssert.BenchmarkDotNet;

/// <summary>
/// One benchmark method with one combination of parameter values and arguments, measured by PerfAssert's engine: against
/// the class's baseline method with the same parameters (relative budgets) and against a committed baseline entry whose
/// id is <see cref="Id"/>. Verdicts, messages, confirmation and baselines are PerfAssert's usual ones.
/// </summary>
public sealed class BenchmarkCase
{
    private readonly CaseContext _context;

    internal BenchmarkCase(CaseContext context, bool isBaseline)
    {
        _context = context;
        IsBaseline = isBaseline;
        var named = context.Values.Concat(context.Method.GetParameters().Select((p, i) => new KeyValuePair<string, object?>(p.Name ?? "arg" + i, context.Arguments[i])));
        Id = CaseName.Of(context.Method.Name, named);
    }

    /// <summary>The case's id, also its baseline entry id: the method and its parameter values and arguments, for example
    /// <c>Format(Rows: 100)</c>.</summary>
    public string Id { get; }

    /// <summary>The benchmark method.</summary>
    public MethodInfo Method => _context.Method;

    /// <summary>The budgets this case is held to.</summary>
    public BenchmarkBudgets Budgets => _context.Budgets;

    /// <summary>Whether this is the class's <c>[Benchmark(Baseline = true)]</c> method.</summary>
    public bool IsBaseline { get; }

    /// <summary>The baseline method's case with the same parameter values, the partner of relative budgets; <see langword="null"/>
    /// for the baseline itself or a class without one.</summary>
    public BenchmarkCase? Baseline { get; private set; }

    /// <summary>
    /// Creates the instances (parameters set, <c>[GlobalSetup]</c> run), builds the PerfAssert test with this case's
    /// budgets, hands it to <paramref name="run"/> (for example <c>b =&gt; b.AssertAsync()</c> from <c>PerfAssert.Xunit</c>;
    /// <see langword="null"/> runs it and returns the result unjudged) and runs <c>[GlobalCleanup]</c> afterwards.
    /// </summary>
    public async Task<PerfResult> RunAsync(Func<PerfTestBuilder, Task<PerfResult>>? run = null, CancellationToken cancellationToken = default)
    {
        var subject = await _context.CreateAsync().ConfigureAwait(false);
        object? partner = null;
        try
        {
            partner = Baseline is null ? null : await Baseline._context.CreateAsync().ConfigureAwait(false);
            var builder = Build(subject, partner);
            return run is null ? await builder.RunAsync(cancellationToken).ConfigureAwait(false) : await run(builder).ConfigureAwait(false);
        }
        finally
        {
            await _context.CleanupAsync(subject).ConfigureAwait(false);
            if (partner is not null)
            {
                await Baseline!._context.CleanupAsync(partner).ConfigureAwait(false);
            }
        }
    }

    /// <summary>
    /// Creates an instance (parameters set, <c>[GlobalSetup]</c> run) and the case's method on it as an operation named
    /// <paramref name="name"/> (default: <see cref="Id"/>); disposing it runs <c>[GlobalCleanup]</c>.
    /// </summary>
    public async Task<BenchmarkInstance> CreateInstanceAsync(string? name = null)
    {
        var instance = await _context.CreateAsync().ConfigureAwait(false);
        return new BenchmarkInstance(instance, Invoker.Create(name ?? Id, instance, Method, _context.Arguments), () => _context.CleanupAsync(instance));
    }

    /// <inheritdoc/>
    public override string ToString() => Id;

    internal static void PairWithBaselines(IReadOnlyList<BenchmarkCase> cases)
    {
        foreach (var item in cases.Where(c => !c.IsBaseline))
        {
            var candidates = cases.Where(c => c.IsBaseline && c._context.SameValues(item._context)).ToList();
            item.Baseline = candidates.FirstOrDefault(c => c._context.Arguments.SequenceEqual(item._context.Arguments))
                ?? candidates.FirstOrDefault(c => c._context.Arguments.Count == 0)
                ?? (candidates.Count == 1 ? candidates[0] : null);
            if (item.Baseline is null && (item.Budgets.MeanAtMostBaseline is not null || item.Budgets.AllocationsAtMostBaseline))
            {
                throw new BenchmarkBridgeException($"{item._context.Type.FullName}.{item.Method.Name}: no baseline case matches {item.Id}; give the baseline method the same [Arguments] or none.");
            }
        }
    }

    private PerfTestBuilder Build(object subject, object? partner)
    {
        var budgets = _context.Budgets;
        var builder = Perf.Measure(Invoker.Create(Id, subject, Method, _context.Arguments)).Named(_context.Type.Name + "." + Id);
        if (budgets.Options is { } options)
        {
            builder.WithOptions(options);
        }

        if (partner is not null)
        {
            builder.ComparedTo(Invoker.Create(Baseline!.Id, partner, Baseline.Method, Baseline._context.Arguments));
        }

        if (_context.MemoryDiagnoser)
        {
            builder.WithAllocations();
        }

        if (partner is not null && budgets.MeanAtMostBaseline is { } factor)
        {
            builder.MeanAtMost(factor);
        }

        if (partner is not null && budgets.AllocationsAtMostBaseline)
        {
            builder.AllocatedBytesAtMostPartner(budgets.ExtraBytesOverBaseline);
        }

        if (budgets.BaselineFile is { } file)
        {
            builder.AgainstBaseline(file, Id, budgets.Store, enforceLatency: budgets.EnforceCalibrationLatency);
        }

        return builder;
    }
}
