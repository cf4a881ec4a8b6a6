using PerfAssert.Baselines;
using PerfAssert.Tests.Support;
using PerfAssert.Tool;
using PerfAssert.Tool.Bisect;

namespace PerfAssert.Tests.Tool;

/// <summary>
/// <see cref="BisectSearch"/> on 16-commit ranges whose comparisons are simulated: each commit has a true time per call,
/// and a comparison of a later commit against an earlier one is Slower, Same or cannot-tell from their true ratio (and,
/// for the noisy comparer, from a draw around it), as a verdict between builds at the budget of 1.05 would be. What the
/// search decides from them (which commits it compares, what it names, what it skips) is the property under test; the
/// verdicts themselves are the engine's and tested there.
/// </summary>
public sealed class BisectSearchTests
{
    private const int Commits = 16;

    [Fact]
    public async Task RunAsync_TenPercentSlowdownAtCommit11_NamesItWithItsRatio_InAtMostSevenComparisons()
    {
        var comparer = new SimulatedComparer(Slowdowns((11, 1.10)));

        var result = await new BisectSearch(comparer).RunAsync(Range(), TestContext.Current.CancellationToken);

        Assert.Equal(BisectConclusion.Found, result.Conclusion);
        var culprit = Assert.Single(result.Culprits);
        Assert.Equal("commit 11", culprit.Commit.Subject);
        Assert.Equal("commit 10", culprit.Parent.Subject);
        Assert.Equal(1.10, culprit.AgainstParent.Ratio!.Value, 3);
        Assert.InRange(result.Comparisons.Count, 2, (int)Math.Ceiling(Math.Log2(Commits)) + 3);
        Assert.Equal(result.Comparisons.Count, comparer.Calls);
        // The endpoints come first: the last commit against the first.
        Assert.Equal(("commit 16", "commit 1"), (result.Comparisons[0].Later.Subject, result.Comparisons[0].Earlier.Subject));
        Assert.Empty(result.Unresolved);
    }

    [Theory]
    [InlineData(2)]
    [InlineData(5)]
    [InlineData(8)]
    [InlineData(9)]
    [InlineData(16)]
    public async Task RunAsync_OneSlowdownAnywhere_IsFoundInAtMostSevenComparisons(int at)
    {
        var result = await new BisectSearch(new SimulatedComparer(Slowdowns((at, 1.10)))).RunAsync(Range(), TestContext.Current.CancellationToken);

        Assert.Equal($"commit {at}", Assert.Single(result.Culprits).Commit.Subject);
        Assert.InRange(result.Comparisons.Count, 2, (int)Math.Ceiling(Math.Log2(Commits)) + 3);
    }

    [Fact]
    public async Task RunAsync_SecondSlowdownAtCommit5_ReportsBothInOrder()
    {
        var result = await new BisectSearch(new SimulatedComparer(Slowdowns((5, 1.10), (11, 1.10)))).RunAsync(Range(), TestContext.Current.CancellationToken);

        Assert.Equal(BisectConclusion.Found, result.Conclusion);
        Assert.Equal(["commit 5", "commit 11"], result.Culprits.Select(c => c.Commit.Subject));
        Assert.All(result.Culprits, c => Assert.Equal(1.10, c.AgainstParent.Ratio!.Value, 3));
    }

    [Fact]
    public async Task RunAsync_CommitThatDoesNotBuild_IsSkippedAndNamed_AndTheSearchGoesAroundIt()
    {
        // Commit 8 is the search's first probe of 16.
        var comparer = new SimulatedComparer(Slowdowns((11, 1.10)), unbuildable: ["commit 8"]);

        var result = await new BisectSearch(comparer).RunAsync(Range(), TestContext.Current.CancellationToken);

        Assert.Equal("commit 11", Assert.Single(result.Culprits).Commit.Subject);
        var skipped = Assert.Single(result.Skipped);
        Assert.Equal("commit 8", skipped.Commit.Subject);
        Assert.Contains("does not build", skipped.Reason, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_CulpritThatDoesNotBuild_ReportsTheRangeInsteadOfGuessing()
    {
        var comparer = new SimulatedComparer(Slowdowns((11, 1.10)), unbuildable: ["commit 11"]);

        var result = await new BisectSearch(comparer).RunAsync(Range(), TestContext.Current.CancellationToken);

        Assert.Equal(BisectConclusion.CannotTell, result.Conclusion);
        Assert.Empty(result.Culprits);
        var note = Assert.Single(result.Unresolved);
        Assert.Contains($"the slowdown is in {Sha(10)[..10]}..{Sha(12)[..10]}", note, StringComparison.Ordinal);
        Assert.Equal("commit 11", Assert.Single(result.Skipped).Commit.Subject);
    }

    [Fact]
    public async Task RunAsync_NoChangeInTheRange_IsNotReproducibleAfterOneComparison()
    {
        var comparer = new SimulatedComparer(Slowdowns());

        var result = await new BisectSearch(comparer).RunAsync(Range(), TestContext.Current.CancellationToken);

        Assert.Equal(BisectConclusion.NotReproducible, result.Conclusion);
        Assert.Single(result.Comparisons);
        Assert.Empty(result.Culprits);
    }

    [Fact]
    public async Task RunAsync_AaRangesWithNoisyComparisons_NeverNameACulprit()
    {
        // Each comparison draws its ratio around the truth (1.0 everywhere) with a spread of 2%, as verdicts between builds
        // scatter here, and calls it Slower only when the draw clears the budget of 1.05 by the interval's half-width.
        for (var seed = 0; seed < 200; seed++)
        {
            var result = await new BisectSearch(new SimulatedComparer(Slowdowns(), noise: new Random(seed))).RunAsync(Range(), TestContext.Current.CancellationToken);

            Assert.True(result.Culprits.Count == 0, $"seed {seed}: {string.Join(", ", result.Culprits.Select(c => c.Commit.Subject))}");
            Assert.NotEqual(BisectConclusion.Found, result.Conclusion);
        }
    }

    [Fact]
    public async Task RunAsync_ComparisonThatCannotTell_IsSkippedAndNamed()
    {
        var comparer = new SimulatedComparer(Slowdowns((11, 1.10)), cannotTell: [("commit 12", "commit 8")]);

        var result = await new BisectSearch(comparer).RunAsync(Range(), TestContext.Current.CancellationToken);

        Assert.Equal("commit 11", Assert.Single(result.Culprits).Commit.Subject);
        Assert.Contains(result.Skipped, s => s.Commit.Subject == "commit 12" && s.Reason.Contains("Inconclusive", StringComparison.Ordinal));
    }

    [Fact]
    public async Task Summary_FoundCulprit_IsMarkdownWithItsSubjectAuthorAndRatio()
    {
        var result = await new BisectSearch(new SimulatedComparer(Slowdowns((11, 1.10)))).RunAsync(Range(), TestContext.Current.CancellationToken);
        var setup = new BisectSetup("/repo", "tests/Perf/Perf.csproj", "FullyQualifiedName~GetOrder", "baselines", "/repo/artifacts/bisect", "/cache", TimeSpan.FromMinutes(1), Diagnose: true);

        var summary = BisectCommand.Summary(result, setup, TimeSpan.FromMinutes(3));

        Assert.Contains("## Bisect: FullyQualifiedName~GetOrder", summary, StringComparison.Ordinal);
        Assert.Contains($"| `{Sha(11)[..10]}` | commit 11 | author 11 | 1.1 [", summary, StringComparison.Ordinal);
        Assert.Contains($"{result.Comparisons.Count} comparisons in 3.0 min", summary, StringComparison.Ordinal);
    }

    [Fact]
    public async Task ListAsync_FirstParentRange_GivesTheGoodCommitThenEachLaterOneWithItsSubjectAndAuthor()
    {
        using var repository = new GitScratch();
        var shas = Enumerable.Range(1, 5).Select(i => repository.Commit($"commit {i}")).ToList();

        var commits = await CommitRange.ListAsync(repository.Root, shas[1], shas[4], TestContext.Current.CancellationToken);

        Assert.Equal(shas[1..], commits.Select(c => c.Sha));
        Assert.Equal(["commit 2", "commit 3", "commit 4", "commit 5"], commits.Select(c => c.Subject));
        Assert.All(commits, c => Assert.Equal("tests", c.Author));
        Assert.Equal(shas[3], commits[^1].Parent);
        var error = await Assert.ThrowsAsync<ArgumentException>(() => CommitRange.ListAsync(repository.Root, shas[4], shas[1], TestContext.Current.CancellationToken));
        Assert.Contains("is not on the first-parent line", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task AgainstAsync_CopiesTheBaselinesNamesTheEarlierCommitAndDropsEveryAllowance()
    {
        using var source = new TempDirectory();
        using var target = new TempDirectory();
        File.WriteAllText(Path.Combine(source.Path, "Orders.json"), BaselineCommandTests.Entry);
        File.WriteAllText(Path.Combine(source.Path, "Orders.received.json"), "not copied");

        await TestRunComparer.AgainstAsync(source.Path, target.Path, Sha(3), TestContext.Current.CancellationToken);

        var store = new BaselineStore(target.Path);
        Assert.Equal(Sha(3), BaselineReference.Read(store)!.Commit);
        var entry = store.Load("Orders").Entries["GetOrder"];
        Assert.Null(entry.LatencyAllowance);
        Assert.Equal(1736, entry.AllocatedBytesPerOp);
        Assert.False(File.Exists(Path.Combine(target.Path, "Orders.received.json")));
        Assert.Contains("1.17", File.ReadAllText(Path.Combine(source.Path, "Orders.json")), StringComparison.Ordinal);
    }

    [Fact]
    public async Task Cli_BisectWithoutARange_ExitsTwoSayingWhatItNeeds()
    {
        using var repository = new GitScratch();
        repository.Write("tests/Perf/Perf.csproj", "<Project />");
        repository.Commit("first");
        using var output = new StringWriter();
        using var error = new StringWriter();

        var code = await Cli.MainAsync(["bisect", "--test", "GetOrder", "--project", Path.Combine(repository.Root, "tests/Perf/Perf.csproj"), "--baselines", repository.Baselines], output, error, ci: false);

        Assert.Equal(2, code);
        Assert.Contains("bisect needs --good REV and --bad REV, or --from-history", error.ToString(), StringComparison.Ordinal);
    }

    private static string Sha(int commit) => commit.ToString("x2", System.Globalization.CultureInfo.InvariantCulture).PadRight(40, 'a');

    private static IReadOnlyList<BisectCommit> Range() =>
        [.. Enumerable.Range(1, Commits).Select(i => new BisectCommit(Sha(i), $"commit {i}", $"author {i}", i == 1 ? null : Sha(i - 1)))];

    /// <summary>Each commit's true time per call, 1.0 at the first, multiplied at each slowdown's commit.</summary>
    private static double[] Slowdowns(params (int Commit, double Factor)[] slowdowns)
    {
        var times = new double[Commits + 1];
        for (var i = 1; i <= Commits; i++)
        {
            times[i] = (i == 1 ? 1.0 : times[i - 1]) * slowdowns.Where(s => s.Commit == i).Select(s => s.Factor).DefaultIfEmpty(1.0).Aggregate((a, b) => a * b);
        }

        return times;
    }

    private sealed class SimulatedComparer(double[] times, IReadOnlyCollection<string>? unbuildable = null, IReadOnlyCollection<(string Later, string Earlier)>? cannotTell = null, Random? noise = null) : ICommitComparer
    {
        private const double Budget = 1.05;
        private const double HalfWidth = 0.035;

        public int Calls { get; private set; }

        public Task<BisectStep> CompareAsync(BisectCommit later, BisectCommit earlier, CancellationToken cancellationToken)
        {
            Calls++;
            if (unbuildable?.Contains(later.Subject) == true)
            {
                return Task.FromResult(new BisectStep(StepOutcome.Unbuildable, $"{later.Short} does not build: error CS0103", Unbuildable: later.Sha));
            }

            var ratio = times[Index(later)] / times[Index(earlier)];
            if (noise is not null)
            {
                ratio *= Math.Exp(0.02 * Normal(noise));
            }

            var (lower, upper) = (ratio - HalfWidth, ratio + HalfWidth);
            var outcome = cannotTell?.Contains((later.Subject, earlier.Subject)) == true ? StepOutcome.CannotTell
                : lower > Budget ? StepOutcome.Slower
                : upper <= Budget ? StepOutcome.Same
                : StepOutcome.CannotTell;
            var word = outcome switch { StepOutcome.Slower => "Regression", StepOutcome.Same => "Pass", _ => "Inconclusive" };
            return Task.FromResult(new BisectStep(outcome, FormattableString.Invariant($"{ratio:0.###} [{lower:0.###}, {upper:0.###}] against budget 1.05: {word}"), ratio, lower, upper));
        }

        private static int Index(BisectCommit commit) => int.Parse(commit.Subject["commit ".Length..], System.Globalization.CultureInfo.InvariantCulture);

        private static double Normal(Random random) => Math.Sqrt(-2 * Math.Log(1 - random.NextDouble())) * Math.Cos(2 * Math.PI * random.NextDouble());
    }
}
