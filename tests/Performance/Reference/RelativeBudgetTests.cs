using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Reference;
using PerfAssert.Xunit;

namespace PerfAssert.Performance.Reference;

/// <summary>The relative budgets between stacks (<see cref="ReferenceBudgets"/>), both sides interleaved in one run.</summary>
[Collection(TargetsCollection.Name)]
public sealed class RelativeBudgetTests(LoopbackTargetsFixture targets)
{
    public static TheoryData<string> Budgets => [.. ReferenceBudgets.All.Select(b => b.ToString())];

    [Theory]
    [MemberData(nameof(Budgets))]
    public async Task Subject_StaysWithinItsRatioToThePartner(string budgetText)
    {
        var budget = ReferenceBudgets.All.Single(b => b.ToString() == budgetText);
        await using var subject = ReferenceCatalog.Open(budget.Subject, targets.Endpoints);
        await using var partner = ReferenceCatalog.Open(budget.Partner, targets.Endpoints);

        await Perf.Measure(budget.Subject, subject.Operation)
            .Named(budget.ToString())
            .ComparedTo(budget.Partner, partner.Operation)
            .MeanAtMost(budget.MaxRatio)
            .AssertAsync();
    }
}
