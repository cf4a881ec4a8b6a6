namespace PerfAssert.Embedding.Tests.Support;

/// <summary>
/// The consumer test class the adapters' consumer tests write into a fresh project: one allocation budget that holds and one
/// that fails, so a run through <c>dotnet test</c> shows both outcomes (allocations are counted exactly, so neither rests on a timing).
/// </summary>
internal static class JoinTestsSource
{
    /// <summary>The class in <paramref name="testNamespace"/>, using the adapter <paramref name="adapterNamespace"/>, after any <paramref name="preamble"/> (assembly attributes).</summary>
    public static string Text(string adapterNamespace, string testNamespace, string preamble = "") => $$"""
        using PerfAssert;
        using {{adapterNamespace}};
        {{preamble}}
        namespace {{testNamespace}};

        public sealed class JoinTests
        {
            private static string? _joined;

            [Fact]
            public async Task Join_WithinItsAllocationBudget_Passes() =>
                await Perf.Measure("join", () => _joined = string.Join(',', "a", "b")).AllocatedBytesAtMost(1_000).AssertAsync();

            [Fact]
            public async Task Join_OverItsAllocationBudget_FailsTheTest() =>
                await Perf.Measure("join", () => _joined = string.Join(',', "a", "b")).AllocatedBytesAtMost(1).AssertAsync();
        }
        """;
}
