using PerfAssert.Diagnosis;

namespace PerfAssert.Load.Testing;

/// <summary>How a load test measures and judges. Validated before anything is started.</summary>
public sealed record LoadOptions
{
    /// <summary>
    /// Rounds of four blocks, the subject's and the partner's in turn (ABBA, then BAAB), so a drift in the machine's speed
    /// falls on both sides alike. A round is one observation of each ratio. Against the reference build the rounds are
    /// spread over the <see cref="BuildPairs"/>, at least three a pair. <value>The default is 20.</value>
    /// </summary>
    public int Rounds { get; init; } = 20;

    /// <summary>
    /// How long each block loads its side. Short blocks taking turns often cancel more of the machine's drift than long
    /// ones: on 2 cores, 24 rounds of 100 ms blocks and 8 of 300 ms (the same time) gave A/A intervals of +-4-6% at 99%.
    /// <value>The default is 150 ms.</value>
    /// </summary>
    public TimeSpan BlockDuration { get; init; } = TimeSpan.FromMilliseconds(150);

    /// <summary>
    /// Rounds run first and not counted, after each plan's own <see cref="LoadPlan.WarmupRequests"/>: the service's JIT
    /// tiers and connection pools settle under the same load the measured rounds give. <value>The default is 2.</value>
    /// </summary>
    public int WarmupRounds { get; init; } = 2;

    /// <summary>
    /// Against the reference build: fresh pairs of service workers (one of each build) the rounds are spread over, each pair
    /// loaded in turn by a load worker of its own, and the pair is the unit of the interval (its rounds share its processes'
    /// luck). <value>The default is 3.</value>
    /// </summary>
    public int BuildPairs { get; init; } = 3;

    /// <summary>
    /// Against the reference build: the spread (standard deviation of the log ratio) between process pairs, beyond what
    /// their own rounds' scatter explains, that this machine class shows for an unchanged service; pooled as a prior with
    /// the spread of a verdict's own few pairs. On 2 cores, three runs of six pairs of the targets host's GET time (minimal
    /// APIs) at concurrency 32 showed 0.000-0.015 for requests per second (docs/load-budgets.md). <value>The default is 0.015.</value>
    /// </summary>
    public double BuildPairSpread { get; init; } = 0.015;

    /// <summary>How many degrees of freedom <see cref="BuildPairSpread"/> counts for. <value>The default is 10.</value></summary>
    public int BuildPairSpreadWeight { get; init; } = 10;

    /// <summary>The two-sided confidence level of every interval. <value>The default is 0.99.</value></summary>
    public double ConfidenceLevel { get; init; } = 0.99;

    /// <summary>
    /// The smallest relative effect a verdict claims to resolve: a ratio within <c>budget x (1 + NoiseFloor)</c> is not
    /// called a regression. <value>The default is 0.01.</value>
    /// </summary>
    public double NoiseFloor { get; init; } = 0.01;

    /// <summary>Whether an Inconclusive verdict fails the test. <value>The default is <see langword="false"/>: a warning.</value></summary>
    public bool Strict { get; init; }

    /// <summary>
    /// When a comparison profiles both sides afterwards to say where they differ. Against the reference build: three fresh
    /// pairs of service workers, each worker recorded with EventPipe while the load worker loads it for
    /// <see cref="DiagnosisTime"/>. With a partner plan (<c>ComparedTo</c>): three rounds in which the process serving each
    /// plan (found by the port its target names; usually the test's own, which needs PerfAssert.Hosting) is recorded while
    /// that plan alone is loaded for <see cref="DiagnosisTime"/>. Either way read as CPU time, threads waiting (where a lock or
    /// a starved pool shows) and allocations per request. The recordings' load never counts towards the verdict. The setting
    /// <c>PERFASSERT_DIAGNOSE</c> (<c>regression</c>, <c>always</c> or <c>never</c>) overrides it.
    /// <value>The default is <see cref="DiagnosisMode.OnRegression"/>: nothing is profiled on a passing verdict.</value>
    /// </summary>
    public DiagnosisMode Diagnosis { get; init; } = DiagnosisMode.OnRegression;

    /// <summary>
    /// How long a diagnosis loads and records each service worker (each plan's service, in a comparison of two plans). At a thousand requests a second or more, 1 s holds a
    /// thousand requests and as many samples of every thread, so a wait that holds a few threads for the whole request
    /// stands out from noise in each pair. <value>The default is 1 second.</value>
    /// </summary>
    public TimeSpan DiagnosisTime { get; init; } = TimeSpan.FromSeconds(1);

    /// <summary>How the load worker process runs. <value>The default is the machine's processors, bounded by the plans' own times.</value></summary>
    public LoadWorkerOptions Worker { get; init; } = new();

    /// <summary>Throws <see cref="ArgumentException"/> naming every setting that is out of range.</summary>
    public void Validate()
    {
        List<string> problems = [];
        if (Rounds < 3)
        {
            problems.Add($"Rounds must be at least 3 (an interval needs two degrees of freedom), not {Rounds}");
        }

        if (BuildPairs < 2 || BuildPairSpread is not (>= 0 and <= 1) || BuildPairSpreadWeight < 0)
        {
            problems.Add($"BuildPairs must be at least 2, BuildPairSpread from 0 to 1 and BuildPairSpreadWeight 0 or more (BuildPairs {BuildPairs}, BuildPairSpread {BuildPairSpread}, BuildPairSpreadWeight {BuildPairSpreadWeight})");
        }

        if (DiagnosisTime < TimeSpan.FromMilliseconds(100) || DiagnosisTime > TimeSpan.FromMinutes(1))
        {
            problems.Add($"DiagnosisTime must be from 100 ms to 1 minute, not {DiagnosisTime}");
        }

        if (WarmupRounds < 0)
        {
            problems.Add($"WarmupRounds must be 0 or more, not {WarmupRounds}");
        }

        if (BlockDuration < TimeSpan.FromMilliseconds(20) || BlockDuration > TimeSpan.FromMinutes(1))
        {
            problems.Add($"BlockDuration must be from 20 ms to 1 minute, not {BlockDuration}");
        }

        if (ConfidenceLevel is not (>= 0.5 and < 1))
        {
            problems.Add($"ConfidenceLevel must be from 0.5 to below 1, not {ConfidenceLevel}");
        }

        if (NoiseFloor is not (>= 0 and <= 0.5))
        {
            problems.Add($"NoiseFloor must be from 0 to 0.5, not {NoiseFloor}");
        }

        if (Worker is null)
        {
            problems.Add("Worker must be set");
        }

        if (problems.Count > 0)
        {
            throw new ArgumentException($"The load options cannot be used: {string.Join("; ", problems)}.");
        }
    }
}
