namespace PerfAssert.Baselines;

/// <summary>
/// The code under test in two builds: the working tree and the reference commit that <c>baselines/reference.json</c>
/// names. <c>AgainstBaseline(file, id, builds)</c> measures both side by side in one run, interleaved, in process pairs
/// (fresh ones, or for a verdict's first pairs warm ones an earlier verdict left: <see cref="StartOrReusePairAsync"/>),
/// instead of against a number recorded in another process. <c>PerfAssert.Hosting</c>'s <c>ServiceBuilds</c>
/// implements it for an ASP.NET Core service.
/// </summary>
public interface IBaselineBuilds
{
    /// <summary>What is built and run, for messages (for example <c>samples/OrdersService/OrdersService.csproj</c>).</summary>
    string Description { get; }

    /// <summary>
    /// Builds what is missing (the reference build is cached by commit) and starts one fresh pair of workers.
    /// Throws <see cref="BaselineBuildUnavailableException"/> when the reference build cannot be had, saying why and how to fix it.
    /// </summary>
    Task<IBuildPair> StartPairAsync(BaselineReference reference, CancellationToken cancellationToken);

    /// <summary>
    /// Starts one fresh pair whose both sides run the working tree's build: what is measured when no reference build can be
    /// had (the allocations, and the advisory ratio to the calibration workload).
    /// </summary>
    Task<IBuildPair> StartCurrentPairAsync(CancellationToken cancellationToken);

    /// <summary>
    /// Starts one fresh pair as <see cref="StartPairAsync(BaselineReference, CancellationToken)"/> does, launching the
    /// worker of <paramref name="first"/> first (and pinning it first once warm, if workers are pinned). The engine draws
    /// it from the run's seed for every pair, so which worker goes first cannot bias the ratio; an implementation that
    /// cannot order its workers may ignore it (the default does).
    /// </summary>
    Task<IBuildPair> StartPairAsync(BaselineReference reference, BuildSide first, CancellationToken cancellationToken) => StartPairAsync(reference, cancellationToken);

    /// <summary>
    /// Starts a pair for a verdict's first pairs or an extension's, as <see cref="StartPairAsync(BaselineReference, BuildSide, CancellationToken)"/>
    /// does, or hands out a warm pair of the same builds and the same first side that an earlier verdict measured and left
    /// running. The engine holds a verdict's pairs until the verdict ends, so none of them comes back within it: the pairs
    /// one verdict rests on are always distinct processes. The pairs a replacement or a confirmation adds are always fresh.
    /// The default starts a fresh pair.
    /// </summary>
    Task<IBuildPair> StartOrReusePairAsync(BaselineReference reference, BuildSide first, CancellationToken cancellationToken) => StartPairAsync(reference, first, cancellationToken);

    /// <summary>Starts one fresh pair as <see cref="StartCurrentPairAsync(CancellationToken)"/> does, launching the worker of <paramref name="first"/> first.</summary>
    Task<IBuildPair> StartCurrentPairAsync(BuildSide first, CancellationToken cancellationToken) => StartCurrentPairAsync(cancellationToken);
}
