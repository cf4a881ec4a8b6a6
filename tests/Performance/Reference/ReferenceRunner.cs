namespace PerfAssert.Performance.Reference;

/// <summary>How the reference suite judges latency against baselines on the runner it was built on.</summary>
internal static class ReferenceRunner
{
    /// <summary>
    /// Off: on the shared 2-core linux-x64 runners, the calibration-normalized latency of identical loopback round trips
    /// moved 0.66x to 1.44x of its baseline across 80 cases between two processes, and 2x to 4x for a few cases (todo
    /// SendOne over gRPC and REST, a target on a second host), because client and server threads land on the same or
    /// different cores per process. No margin that still catches anything survives that, so latency against baselines is
    /// reported (an advisory Regression is a warning) and latency is gated by the same-run relative budgets instead;
    /// allocations against baselines stay enforced. Turn it on where a dedicated runner records the baselines.
    /// </summary>
    public const bool EnforceLatency = false;
}
