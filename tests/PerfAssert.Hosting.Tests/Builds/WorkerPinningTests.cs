using System.Globalization;
using PerfAssert.Baselines;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// Workers start on every core (their start-up and JIT finish sooner), sized for one core, and every thread of both is
/// moved onto the last core once the pair is told it is warm, before anything is timed; the side the engine says goes
/// first is launched (and pinned) first. Run for real on a scratch
/// repository's service; the threads' cores are read from /proc. Both cases start their pair from the same two builds
/// (<see cref="PinningScratch"/>), so the service is built once at each commit, not twice.
/// </summary>
public sealed class WorkerPinningTests(WorkerPinningTests.PinningScratch scratch) : IClassFixture<WorkerPinningTests.PinningScratch>
{
    [Theory]
    [InlineData(BuildSide.Current)]
    [InlineData(BuildSide.Baseline)]
    public async Task WarmedUp_PinsEveryThreadOfBothWorkersToTheLastCore_WhichTheyWereSizedForFromTheStart(BuildSide first)
    {
        Assert.True(OperatingSystem.IsLinux() && Environment.ProcessorCount > 1, "Workers are pinned on Linux with more than one core only; this test needs such a machine (CI's is one).");
        using var deadline = Bounded.Within(240);
        using var client = scratch.Builds.CreateClient();
        var lastCore = (Environment.ProcessorCount - 1).ToString(CultureInfo.InvariantCulture);
        var pair = await scratch.Builds.StartPairAsync(scratch.Reference, first, deadline.Token);
        await using (pair)
        {
            var workers = new List<(int Pid, int ProcessorCount)>();
            foreach (var side in new[] { BuildSide.Current, BuildSide.Baseline })
            {
                pair.Select(side);
                var answer = (await client.GetStringAsync(new Uri("/work", UriKind.Relative), deadline.Token)).Split(' ');
                workers.Add((int.Parse(answer[0], CultureInfo.InvariantCulture), int.Parse(answer[1], CultureInfo.InvariantCulture)));
            }

            Assert.Equal(2, workers.Select(w => w.Pid).Distinct().Count());
            // The side the engine drew is launched first: its process got the lower id (ids only wrap at pid_max).
            var (firstPid, otherPid) = first == BuildSide.Current ? (workers[0].Pid, workers[1].Pid) : (workers[1].Pid, workers[0].Pid);
            Assert.True(firstPid < otherPid, $"{first} worker {firstPid}, the other {otherPid}");
            Assert.All(workers, w => Assert.Equal(1, w.ProcessorCount));
            Assert.All(workers, w => Assert.Contains(ThreadCores(w.Pid), cores => cores != lastCore));

            await pair.WarmedUpAsync(deadline.Token);
            await pair.WarmedUpAsync(deadline.Token);

            foreach (var (pid, _) in workers)
            {
                var cores = ThreadCores(pid);
                Assert.True(cores.Count > 1, $"worker {pid} has {cores.Count} threads");
                Assert.All(cores, c => Assert.Equal(lastCore, c));
            }

            // Threads that serve calls after pinning, a burst of concurrent ones among them, run there too.
            pair.Select(BuildSide.Current);
            await Task.WhenAll(Enumerable.Range(0, 16).Select(_ => client.GetStringAsync(new Uri("/work", UriKind.Relative), deadline.Token)));
            Assert.All(ThreadCores(workers[0].Pid), c => Assert.Equal(lastCore, c));

            // Each worker reports its tiering through the control channel: once background promotion has run, the methods
            // still queued for it (warm-up waits for that queue to drain); workers run with the call-counting delay off, so
            // it never started.
            foreach (var side in new[] { BuildSide.Current, BuildSide.Baseline })
            {
                pair.Select(side);
                var counters = await pair.ReadCountersAsync(side, deadline.Token);
                for (var round = 0; counters.PromotionBacklog is null && round < 100; round++)
                {
                    await Task.WhenAll(Enumerable.Range(0, 50).Select(_ => client.GetStringAsync(new Uri("/work", UriKind.Relative), deadline.Token)));
                    counters = await pair.ReadCountersAsync(side, deadline.Token);
                }

                Assert.True(counters.CallCountingDelay == TimeSpan.Zero && counters.CallCountingDelayStarts == 0, $"{side}: {counters}");
                Assert.True(counters.PromotionBacklog >= 0, $"{side}: {counters}");
            }
        }

        Assert.Empty(scratch.Service.ProcessesUsingIt());
    }

    [Fact]
    public async Task KeptWarm_APairMeasuredToTheEnd_StandsInOnlyWhereAKeptPairMayWithItsFirstSide_AndIsUnpinnedForItsWarmUp()
    {
        Assert.True(OperatingSystem.IsLinux() && Environment.ProcessorCount > 1, "Workers are pinned on Linux with more than one core only; this test needs such a machine (CI's is one).");
        using var deadline = Bounded.Within(240);
        var lastCore = (Environment.ProcessorCount - 1).ToString(CultureInfo.InvariantCulture);
        var builds = scratch.Builds.With(scratch.Builds.Options with { ReuseWarmPairs = true });
        try
        {
            using var client = builds.CreateClient();

            // A verdict's first pair, warmed (pinned) and measured to the end, goes back running.
            var measured = await builds.StartOrReusePairAsync(scratch.Reference, BuildSide.Current, deadline.Token);
            var pids = await PidsAsync(measured, client, deadline.Token);
            await measured.WarmedUpAsync(deadline.Token);
            ((IReusableBuildPair)measured).Completed();
            await measured.DisposeAsync();
            Assert.Equal(pids, pids.Where(Running));

            // The next pair a verdict lets a kept one stand in for (its first pairs, an extension's) that launches the working
            // tree first is that one; one that launches the reference build first is not, nor is a pair started fresh (what a
            // replacement or a confirmation asks for).
            var other = await builds.StartOrReusePairAsync(scratch.Reference, BuildSide.Baseline, deadline.Token);
            var again = await builds.StartOrReusePairAsync(scratch.Reference, BuildSide.Current, deadline.Token);
            var fresh = await builds.StartPairAsync(scratch.Reference, BuildSide.Current, deadline.Token);
            Assert.True(((IReusableBuildPair)again).Reused);
            Assert.False(((IReusableBuildPair)other).Reused || ((IReusableBuildPair)fresh).Reused);
            Assert.Equal(pids, await PidsAsync(again, client, deadline.Token));
            var others = (await PidsAsync(other, client, deadline.Token)).Concat(await PidsAsync(fresh, client, deadline.Token)).ToList();
            Assert.Empty(others.Intersect(pids));

            // Warmed up for its new operation on every core, as a fresh pair is; then pinned again.
            await again.WarmingUpAsync(deadline.Token);
            Assert.All(pids, pid => Assert.All(ThreadCores(pid), c => Assert.NotEqual(lastCore, c)));
            await again.WarmedUpAsync(deadline.Token);
            Assert.All(pids, pid => Assert.All(ThreadCores(pid), c => Assert.Equal(lastCore, c)));

            // Pairs whose measurement never said it went through (a worker that failed a call, hung or crashed) are stopped.
            await other.DisposeAsync();
            await fresh.DisposeAsync();
            Assert.DoesNotContain(others, Running);
            ((IReusableBuildPair)again).Completed();
            await again.DisposeAsync();
            Assert.Equal(pids, pids.Where(Running));
        }
        finally
        {
            // Disposing the instance stops the pairs it kept.
            builds.Dispose();
        }

        Assert.Empty(scratch.Service.ProcessesUsingIt());
    }

    /// <summary>Each side's worker's process id, from its answer.</summary>
    private static async Task<List<int>> PidsAsync(IBuildPair pair, HttpClient client, CancellationToken cancellationToken)
    {
        var pids = new List<int>();
        foreach (var side in new[] { BuildSide.Current, BuildSide.Baseline })
        {
            pair.Select(side);
            pids.Add(int.Parse((await client.GetStringAsync(new Uri("/work", UriKind.Relative), cancellationToken)).Split(' ')[0], CultureInfo.InvariantCulture));
        }

        return pids;
    }

    private static bool Running(int pid) => Directory.Exists($"/proc/{pid}") && File.ReadAllText($"/proc/{pid}/stat").Split(' ')[2] != "Z";

    /// <summary>A scratch service whose handler answers with its process id and processor count, committed as the reference, and its builds.</summary>
    public sealed class PinningScratch : IDisposable
    {
        public PinningScratch()
        {
            Service.SetHandler("return $\"{Environment.ProcessId} {Environment.ProcessorCount}\";");
            Reference = new BaselineReference(Service.Commit("reference"));
            Builds = new ServiceBuilds(ScratchService.Project, new ServiceBuildsOptions { RepositoryRoot = Service.Root });
        }

        public ScratchService Service { get; } = ScratchService.Create(1_000);

        public BaselineReference Reference { get; }

        public ServiceBuilds Builds { get; }

        public void Dispose()
        {
            Builds.Dispose();
            Service.Dispose();
        }
    }

    /// <summary>The cores each thread of a process may run on, as /proc lists them (for example <c>0-1</c> or <c>1</c>).</summary>
    private static List<string> ThreadCores(int pid) =>
        Directory.GetDirectories($"/proc/{pid}/task")
            .Select(task => File.ReadLines(Path.Combine(task, "status")).Single(l => l.StartsWith("Cpus_allowed_list:", StringComparison.Ordinal))["Cpus_allowed_list:".Length..].Trim())
            .ToList();
}
