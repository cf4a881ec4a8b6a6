using PerfAssert.Diagnosis;

namespace PerfAssert.Tests.Diagnosis;

public sealed class ProfileComparisonTests
{
    private const string Entry = "Kestrel.ProcessRequests";
    private const string Handler = "Orders.GetOrder";
    private const string Hot = "Orders.Validate";
    private const string Serialize = "Json.Serialize";

    private static readonly TimeSpan Millisecond = TimeSpan.FromMilliseconds(1);

    [Fact]
    public void StackProfile_SelfAndInclusive_ReadAsTimePerCall()
    {
        // 10,000 calls sampled every millisecond: 1,500 samples in Validate are 150 us per call of it.
        var profile = Profile(10_000, (1_500, [Entry, Handler, Hot]), (500, [Entry, Handler, Serialize]), (100, [Entry, Handler]));

        Assert.Equal(2_100, profile.Samples);
        Assert.Equal(1_500, profile.SelfSamples(Hot));
        Assert.Equal(100, profile.SelfSamples(Handler));
        Assert.Equal(2_100, profile.InclusiveSamples(Handler));
        Assert.Equal(150_000, profile.NanosecondsPerCall(profile.SelfSamples(Hot)), 6);
    }

    [Fact]
    public void StackProfile_RecursiveMethod_CountsOncePerSampleInclusive()
    {
        var profile = Profile(100, (10, ["Walk", "Walk", "Walk"]));

        Assert.Equal(10, profile.InclusiveSamples("Walk"));
        Assert.Equal(10, profile.SelfSamples("Walk"));
    }

    [Fact]
    public void Compare_FifteenPercentMoreWorkInOneMethod_ItIsTheTopRowWithAboutTheInjectedTime()
    {
        var baseline = Profile(10_000, (1_500, [Entry, Handler, Hot]), (800, [Entry, Handler, Serialize]), (200, [Entry, Handler]));
        // Validate does 15% more work per call: 22.5 us more of its 150 us.
        var current = Profile(10_000, (1_725, [Entry, Handler, Hot]), (790, [Entry, Handler, Serialize]), (205, [Entry, Handler]));

        var comparison = ProfileComparison.Compare(baseline, current);

        var top = comparison.Rows[0];
        Assert.Equal(Hot, top.Method);
        Assert.True(top.MoreThanNoise);
        Assert.Equal(22_500, top.SelfDifferenceNs, 6);
        Assert.Equal(22_500, top.InclusiveDifferenceNs, 6);
        Assert.DoesNotContain(comparison.Rows.Skip(1), r => r.MoreThanNoise);
        Assert.Equal(22_500, comparison.ExplainedNanosecondsPerCall, 6);
        Assert.Equal("explains 22.5 of 24.0 us per call", comparison.Coverage(24_000));
    }

    [Fact]
    public void Compare_DifferentCallCounts_ComparesTimePerCallNotSamples()
    {
        // The judged side made twice the calls in its window: twice the samples are the same time per call.
        var baseline = Profile(10_000, (1_500, [Entry, Hot]));
        var current = Profile(20_000, (3_000, [Entry, Hot]));

        var row = Assert.Single(ProfileComparison.Compare(baseline, current).Rows, r => r.Method == Hot);

        Assert.Equal(0, row.SelfDifferenceNs, 6);
        Assert.False(row.MoreThanNoise);
    }

    [Fact]
    public void Compare_MethodOnOneSideOnly_IsMarkedNewOrVanished()
    {
        var baseline = Profile(10_000, (1_500, [Entry, Handler, "Orders.OldCheck"]), (500, [Entry, Handler]));
        var current = Profile(10_000, (1_500, [Entry, Handler, "Orders.NewCheck"]), (500, [Entry, Handler]));

        var rows = ProfileComparison.Compare(baseline, current).Rows;

        var added = Assert.Single(rows, r => r.Method == "Orders.NewCheck");
        var removed = Assert.Single(rows, r => r.Method == "Orders.OldCheck");
        Assert.True(added.IsNew && !added.Vanished && added.MoreThanNoise);
        Assert.True(removed.Vanished && !removed.IsNew && removed.MoreThanNoise);
        Assert.False(rows.Single(r => r.Method == Handler).IsNew);
    }

    [Fact]
    public void Compare_FramesTheRundownCouldNotName_AreShownButNeverMarked()
    {
        // Twice the native time in every pair, and a method that doubles too: only the method is a row a change can be found in.
        var pairs = Enumerable.Range(0, 3).Select(_ => (
            Profile(10_000, (1_000, [Entry, "!?"]), (1_000, [Entry, Hot])),
            Profile(10_000, (2_000, [Entry, "!?"]), (2_000, [Entry, Hot])))).ToList();

        var comparison = ProfileComparison.Compare(pairs);

        Assert.True(comparison.Rows.Single(r => r.Method == Hot).MoreThanNoise);
        var unnamed = comparison.Rows.Single(r => r.Method == "!?");
        Assert.False(unnamed.MoreThanNoise);
        Assert.Equal(100_000, unnamed.SelfDifferenceNs, 6);
    }

    [Fact]
    public void Compare_TheSameRatesDrawnTwice_MarksNoRowInAtLeast95PercentOfComparisons()
    {
        // A/A on synthetic samples: 60 methods, each side's counts drawn from the same Poisson rates (a few to 2,000 samples
        // a method), 400 comparisons. The rule's family-wise error is 5% by construction; it must not be more.
        var random = new Random(7);
        var rates = Enumerable.Range(0, 60).Select(i => 3.0 + (2_000.0 * Math.Pow(random.NextDouble(), 3))).ToArray();
        var quiet = 0;
        for (var run = 0; run < 400; run++)
        {
            var baseline = Draw(random, rates);
            var current = Draw(random, rates);
            if (!ProfileComparison.Compare(baseline, current).Rows.Any(r => r.MoreThanNoise))
            {
                quiet++;
            }
        }

        Assert.InRange(quiet, 380, 400);
    }

    [Fact]
    public void Compare_TwoPairs_MarksOnlyWhatBothShowInTheSameDirection_AndPoolsTheirFigures()
    {
        // The working tree's Validate is 15% slower in both pairs; the logger's lock is contended in one process of each pair,
        // once on each side, as different processes do; Serialize is alike.
        var first = (Baseline: Profile(10_000, (1_500, [Entry, Hot]), (800, [Entry, Serialize]), (100, [Entry, "Logger.Enqueue"])),
            Current: Profile(10_000, (1_725, [Entry, Hot]), (800, [Entry, Serialize]), (400, [Entry, "Logger.Enqueue"])));
        var second = (Baseline: Profile(5_000, (750, [Entry, Hot]), (400, [Entry, Serialize]), (200, [Entry, "Logger.Enqueue"])),
            Current: Profile(5_000, (862, [Entry, Hot]), (400, [Entry, Serialize]), (50, [Entry, "Logger.Enqueue"])));

        var comparison = ProfileComparison.Compare([first, second]);
        var alone = ProfileComparison.Compare(first.Baseline, first.Current);

        Assert.Equal(2, comparison.Pairs);
        var hot = comparison.Rows[0];
        Assert.Equal(Hot, hot.Method);
        Assert.True(hot.MoreThanNoise);
        // Pooled over both pairs' 15,000 calls a side: (1,725 + 862) - (1,500 + 750) samples of a millisecond.
        Assert.Equal(337.0 / 15_000 * 1_000_000, hot.SelfDifferenceNs, 6);
        var logger = Assert.Single(comparison.Rows, r => r.Method == "Logger.Enqueue");
        Assert.False(logger.MoreThanNoise);
        // One pair alone would have called the lock a change.
        Assert.True(Assert.Single(alone.Rows, r => r.Method == "Logger.Enqueue").MoreThanNoise);
        Assert.DoesNotContain(comparison.Rows.Skip(1), r => r.MoreThanNoise);
    }

    [Fact]
    public void Compare_ThreePairsOfOneBuild_ARowWhoseCostIsEachProcesssOwn_IsMarkedAboutOneTimeInTen()
    {
        // A/A over three pairs: a logger whose cost each process draws for itself (15 to 60 us a call, thousands of samples, so
        // nearly every pair shows a difference beyond Poisson noise) beside a method alike everywhere. The pairs point the same
        // way about one time in five; the judged side's three recordings all lie beyond the reference side's about one time in
        // ten, and only that is marked. A real change in the same row moves every process of its side, and is marked every time.
        var random = new Random(17);
        StackProfile Process(double loggerUs, double extraUs = 0) =>
            Profile(200_000, (Poisson(random, 200 * (loggerUs + extraUs)), [Entry, "Logger.Enqueue"]), (Poisson(random, 200 * 40.0), [Entry, Hot]));
        double Logger() => 15 + (45 * random.NextDouble());

        int Marked(double extraUs)
        {
            var marked = 0;
            for (var run = 0; run < 400; run++)
            {
                var pairs = Enumerable.Range(0, BuildDiagnosis.Pairs).Select(_ => (Process(Logger()), Process(Logger(), extraUs))).ToList();
                marked += ProfileComparison.Compare(pairs).Rows.Any(r => r.MoreThanNoise) ? 1 : 0;
            }

            return marked;
        }

        var alike = Marked(0);
        var changed = Marked(50);
        TestContext.Current.TestOutputHelper?.WriteLine($"marked: {alike} of 400 A/A, {changed} of 400 with 50 us more in the logger");
        // About 40 of 400 (42 with this seed; a binomial spread of 6); without the separation 83 were.
        Assert.InRange(alike, 15, 60);
        Assert.Equal(400, changed);
    }

    [Fact]
    public void Separated_EveryRecordingOfOneSideBeyondEveryOneOfTheOther_InTheDirectionOfTheDifference()
    {
        Assert.True(ProfileComparison.Separated(1, [10, 12, 11], [13, 20, 14]));
        Assert.False(ProfileComparison.Separated(1, [10, 15, 11], [13, 20, 14]));
        Assert.True(ProfileComparison.Separated(-1, [10, 15, 11], [9, 8, 1]));
        Assert.False(ProfileComparison.Separated(-1, [10, 15, 11], [9, 8, 10]));
        Assert.False(ProfileComparison.Separated(0, [1], [2]));
        Assert.True(ProfileComparison.Separated(1, [0], [2]));
    }

    [Fact]
    public void StackProfile_Pool_AddsStacksAndCalls_AndKeepsTheTimeEachRecordingsSamplesStoodFor()
    {
        var pooled = StackProfile.Pool([Profile(100, (10, [Entry, Hot])), Profile(300, (30, [Entry, Hot]), (5, [Entry]))]);

        Assert.Equal(400, pooled.Calls);
        Assert.Equal(40, pooled.SelfSamples(Hot));
        Assert.Equal(45, pooled.InclusiveSamples(Entry));
        Assert.Equal(BuildDiagnosis.SampleInterval, pooled.Interval);

        // A recording whose ticks came every 2 ms (a loaded machine) beside one at 1 ms: 10 ms and 60 ms of Hot over 400 calls.
        var stretched = StackProfile.Pool([Profile(100, (10, [Hot])), new StackProfile([new SampledStack([Hot], 30)], 300, TimeSpan.FromMilliseconds(2))]);
        Assert.Equal(TimeSpan.FromMilliseconds(1.75), stretched.Interval);
        Assert.Equal(70_000_000.0 / 400, stretched.NanosecondsPerCall(stretched.SelfSamples(Hot)), 6);
    }

    [Fact]
    public void Compare_AllMethodsAlike_ZGrowsWithHowManyAreCompared()
    {
        var few = ProfileComparison.Compare(Profile(100, (10, ["A"])), Profile(100, (10, ["A"])));
        var many = ProfileComparison.Compare(Draw(new Random(1), [.. Enumerable.Repeat(100.0, 200)]), Draw(new Random(2), [.. Enumerable.Repeat(100.0, 200)]));

        // One method: the plain two-sided 5% quantile; two hundred: Bonferroni's 5% / 200.
        Assert.Equal(1.96, few.Z, 2);
        Assert.Equal(3.66, many.Z, 2);
    }

    private static StackProfile Profile(long calls, params (int Samples, string[] Frames)[] stacks) =>
        new(stacks.Select(s => new SampledStack(s.Frames, s.Samples)), calls, Millisecond);

    private static StackProfile Draw(Random random, double[] rates) =>
        new(rates.Select((rate, i) => new SampledStack([Entry, "Method" + i], Poisson(random, rate))), 10_000, Millisecond);

    /// <summary>A Poisson draw: Knuth's product of uniforms for small means, a rounded normal approximation above 50.</summary>
    private static int Poisson(Random random, double mean)
    {
        if (mean > 50)
        {
            var u = 1 - random.NextDouble();
            var normal = Math.Sqrt(-2 * Math.Log(u)) * Math.Cos(2 * Math.PI * random.NextDouble());
            return Math.Max(0, (int)Math.Round(mean + (Math.Sqrt(mean) * normal)));
        }

        var limit = Math.Exp(-mean);
        var count = 0;
        for (var product = random.NextDouble(); product > limit; product *= random.NextDouble())
        {
            count++;
        }

        return count;
    }
}
