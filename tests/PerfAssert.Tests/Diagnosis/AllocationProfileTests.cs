using PerfAssert.Diagnosis;

namespace PerfAssert.Tests.Diagnosis;

/// <summary>
/// The estimate from sampled allocations, checked on allocations sampled the way the runtime samples them: every byte a
/// trial that succeeds with probability 1 in 102,400, the run of failed trials before the next success drawn from the
/// geometric distribution, an object reported when a success falls within it (and the next run drawn after it).
/// </summary>
public sealed class AllocationProfileTests
{
    [Fact]
    public void Weight_OfAnObject_IsItsSizeOverTheChanceItIsReported()
    {
        // A 4,024-byte array is reported with probability 1 - (1 - 1/102,400)^4,024 = 0.038535, so a report stands for about
        // 104,420 bytes: the mean gap between reports plus half the object (1/p + s/2 for small p).
        Assert.InRange(AllocationProfile.Weight(4024), 104_400, 104_450);
        // An object far larger than the mean gap is nearly always reported, and stands for about its own size.
        Assert.InRange(AllocationProfile.Weight(10_000_000), 10_000_000, 10_000_001);
    }

    [Fact]
    public void Estimates_FromSimulatedSampling_AreUnbiasedAndTheirIntervalsHoldTheTruth()
    {
        // Per call: a 4,024-byte array in one method, three 56-byte strings and a 24-byte object in another.
        var random = new Random(11);
        var covered = 0;
        var ratios = new List<double>();
        for (var run = 0; run < 200; run++)
        {
            var profile = new AllocationProfile(Sample(random, calls: 20_000), 20_000);
            var array = profile.Estimates.Single(e => e.Type == "System.Byte[]");
            ratios.Add(array.BytesPerCall / 4024);
            if (array.Lower <= 4024 && 4024 <= array.Upper)
            {
                covered++;
            }
        }

        // 95% intervals: 190 of 200 expected; the binomial's own spread allows a few fewer.
        Assert.InRange(covered, 180, 200);
        Assert.InRange(ratios.Average(), 0.99, 1.01);
    }

    [Fact]
    public void Estimates_ByTypeAndMethod_LargestFirst_AndTheTotalAddsThemUp()
    {
        var profile = new AllocationProfile(Sample(new Random(3), calls: 50_000), 50_000);

        Assert.Equal(("System.Byte[]", "Orders.Encode"), (profile.Estimates[0].Type, profile.Estimates[0].Method));
        Assert.InRange(profile.Estimates[0].BytesPerCall, 4024 * 0.95, 4024 * 1.05);
        Assert.InRange(profile.Total.BytesPerCall, (4024 + 3 * 56 + 24) * 0.95, (4024 + 3 * 56 + 24) * 1.05);
        Assert.Equal(profile.Estimates.Sum(e => e.BytesPerCall), profile.Total.BytesPerCall, 6);
        Assert.Equal(profile.Estimates.Sum(e => e.Samples), profile.Total.Samples);
    }

    [Fact]
    public void Compare_AnExtraArrayPerCall_IsTheOnlyRowMarked_WithItsBytesAndTheCoverage()
    {
        var random = new Random(5);
        var baseline = new AllocationProfile(Sample(random, calls: 20_000), 20_000);
        // The judged side also allocates a 4,024-byte array in Orders.Validate on every call.
        var current = new AllocationProfile(Sample(random, calls: 20_000, ("System.Byte[]", "Orders.Validate", 4024)), 20_000);

        var comparison = AllocationComparison.Compare(baseline, current);

        var top = comparison.Rows[0];
        Assert.Equal(("System.Byte[]", "Orders.Validate"), (top.Type, top.Method));
        Assert.True(top.MoreThanNoise);
        Assert.Equal(0, top.BaselineBytesPerCall);
        Assert.InRange(top.DifferenceBytesPerCall, 4024 * 0.9, 4024 * 1.1);
        Assert.DoesNotContain(comparison.Rows.Skip(1), r => r.MoreThanNoise);
        Assert.Matches(@"^explains [34],\d{3} of 4,024 B per call$", comparison.Coverage(4024));
    }

    [Fact]
    public void Compare_TheSameAllocationsSampledTwice_MarksNoRowInAtLeast95PercentOfComparisons()
    {
        var random = new Random(9);
        var quiet = 0;
        for (var run = 0; run < 200; run++)
        {
            var comparison = AllocationComparison.Compare(new AllocationProfile(Sample(random, 5_000), 5_000), new AllocationProfile(Sample(random, 5_000), 5_000));
            if (!comparison.Rows.Any(r => r.MoreThanNoise))
            {
                quiet++;
            }
        }

        Assert.InRange(quiet, 190, 200);
    }

    [Fact]
    public void Compare_OverThreePairsOfTheCallsWanted_MarksAFewKilobytesInALargeCall()
    {
        // A call of 144 KB in 60 types and methods, and 3,072 bytes more in one of them on the judged side (2%, the reference
        // suite's injected allocation): one recording of the calls a diagnosis wants for that difference per side and pair.
        var large = Enumerable.Range(0, 60).Select(i => ($"Orders.Part{i}", "Orders.Read", 2_400L)).ToArray();
        (string, string, long) extra = ("System.Byte[]", "Faults.Apply", 3_072);
        var wanted = (int)BuildDiagnosis.CallsWanted(0, 3_072);
        Assert.InRange(wanted, 990, 1_010);

        int Marked(int calls, int seed)
        {
            var random = new Random(seed);
            var marked = 0;
            for (var run = 0; run < 100; run++)
            {
                var pairs = Enumerable.Range(0, BuildDiagnosis.Pairs).Select(_ => (
                    new AllocationProfile(SampleEach(random, calls, large), calls),
                    new AllocationProfile(SampleEach(random, calls, [.. large, extra]), calls))).ToList();
                marked += AllocationComparison.Compare(pairs).Rows.Any(r => r.Method == "Faults.Apply" && r.MoreThanNoise) ? 1 : 0;
            }

            return marked;
        }

        // At the calls wanted (about 30 reports of the extra array a recording) every pair shows it in at least 98 comparisons
        // of 100 (100 here; at the 635 calls one second of a 1.6 ms call held, about 19 reports, 96 with these 61 rows, and
        // one CI run in about six missed it where the real call has a few hundred rows).
        var marked = Marked(wanted, 3);
        TestContext.Current.TestOutputHelper?.WriteLine($"marked in {marked} of 100 at {wanted} calls");
        Assert.InRange(marked, 98, 100);
    }

    [Fact]
    public void CallsWanted_ForTheVerdictsDifference_GiveThirtyReportsOrSamples_AndARecordingEndsByThreeTimesItsTime()
    {
        // 30 reports at one per 102,400 bytes; 30 samples at one a millisecond; the larger of the two; nothing for no difference.
        Assert.Equal(1_000, BuildDiagnosis.CallsWanted(0, 3_072));
        Assert.Equal(6_000, BuildDiagnosis.CallsWanted(5_000, 0));
        Assert.Equal(6_000, BuildDiagnosis.CallsWanted(5_000, 100_000));
        Assert.Equal(0, BuildDiagnosis.CallsWanted(-5_000, -3_072));

        var second = TimeSpan.FromSeconds(1);
        Assert.True(BuildDiagnosis.GoesOn(TimeSpan.FromMilliseconds(999), 5_000, 1_000, second));
        Assert.False(BuildDiagnosis.GoesOn(second, 1_000, 1_000, second));
        Assert.True(BuildDiagnosis.GoesOn(TimeSpan.FromSeconds(2), 999, 1_000, second));
        Assert.False(BuildDiagnosis.GoesOn(TimeSpan.FromSeconds(3), 999, 1_000, second));
    }

    private static List<SampledAllocation> Sample(Random random, int calls, params (string Type, string Method, long Size)[] extra) =>
        SampleEach(random, calls, [("System.Byte[]", "Orders.Encode", 4024), ("System.String", "Orders.Describe", 56), ("System.String", "Orders.Describe", 56), ("System.String", "Orders.Describe", 56), ("Orders.Line", "Orders.Describe", 24), .. extra]);

    private static List<SampledAllocation> SampleEach(Random random, int calls, (string Type, string Method, long Size)[] perCall)
    {
        var sampled = new List<SampledAllocation>();
        var gap = Gap(random);
        for (var call = 0; call < calls; call++)
        {
            foreach (var (type, method, size) in perCall)
            {
                if (gap < size)
                {
                    sampled.Add(new SampledAllocation(type, method, size));
                    gap = Gap(random);
                }
                else
                {
                    gap -= size;
                }
            }
        }

        return sampled;
    }

    /// <summary>Failed trials before the next success: geometric with p = 1/102,400, by inverse transform.</summary>
    private static long Gap(Random random) => (long)Math.Floor(Math.Log(1 - random.NextDouble()) / Math.Log(1 - AllocationProfile.SamplingProbability));
}
