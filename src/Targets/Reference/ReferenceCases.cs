using PerfAssert.Targets.Clients;

namespace PerfAssert.Targets.Reference;

/// <summary>The latency experiment's matrix: every echo stack x Small and Large x item counts.</summary>
public static class ReferenceCases
{
    /// <summary>The reference's item counts.</summary>
    public static IReadOnlyList<int> FullCounts { get; } = [0, 10, 100, 1000];

    /// <summary>The counts the CI part of the suite runs: the empty call and the reference's headline size.</summary>
    public static IReadOnlyList<int> QuickCounts { get; } = [0, 100];

    /// <summary>Every stack x Small and Large x <paramref name="counts"/>, in a stable order.</summary>
    public static IEnumerable<ReferenceCase> Latency(IEnumerable<int> counts)
    {
        ArgumentNullException.ThrowIfNull(counts);
        var sizes = counts.ToList();
        foreach (var stack in TargetCatalog.EchoStacks)
        {
            foreach (var large in new[] { false, true })
            {
                foreach (var count in sizes)
                {
                    yield return new ReferenceCase(stack, large, count);
                }
            }
        }
    }

    /// <summary>Finds a case by its reference-shaped name.</summary>
    public static ReferenceCase Get(string name) =>
        Latency(FullCounts).FirstOrDefault(c => c.Name == name) ?? throw new KeyNotFoundException($"No reference case '{name}'.");
}
