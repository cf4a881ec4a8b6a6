namespace PerfAssert.Assertions.Tests;

/// <summary>
/// The example README.md and the package README quote (tests/PerfAssert.Tests/Docs keeps them equal): a real measurement
/// that fails if the claim in its reason stops being true.
/// </summary>
public sealed class UsageExampleTests
{
    private static bool _equal;

    // begin-snippet: fluent-assertions
    [Fact]
    public async Task PassAllBudgets_OrdinalIgnoreCaseAgainstUpperCasing_AllocatesNoMore()
    {
        const string header = "Content-Type";

        var result = await Perf.Measure("OrdinalIgnoreCase", () => _equal = string.Equals(header, "content-type", StringComparison.OrdinalIgnoreCase))
            .ComparedTo("ToUpperInvariant", () => _equal = header.ToUpperInvariant() == "content-type".ToUpperInvariant())
            .AllocatedBytesAtMostPartner()
            .RunAsync(TestContext.Current.CancellationToken);

        result.Should().PassAllBudgets("comparing without case must not allocate more than upper-casing both sides");
    }
    // end-snippet
}
