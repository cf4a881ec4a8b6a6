namespace PerfAssert.Embedding.Tests.Support;

/// <summary>
/// The consumer sample as a team's repository, for <see cref="ReferenceBuildWorkflowTests"/>: the sample's files with its
/// own NuGet.config on the packed feed, a reference commit, a commit naming it in baselines/reference.json, the solution
/// built, and the reference commit's build made with the packed tool as the CI recipe makes it before testing
/// (docs/ci.md). Nothing of it is timed: <see cref="PackedSample"/> makes it beside the untimed classes.
/// </summary>
internal sealed class TeamRepository
{
    /// <summary>The service whose endpoints the workflow changes.</summary>
    public const string Service = "samples/OrdersService/OrdersService.csproj";

    private static readonly TimeSpan StepTimeout = TimeSpan.FromMinutes(5);

    private readonly CancellationToken _cancellationToken;

    private TeamRepository(string root, CancellationToken cancellationToken)
    {
        Root = root;
        _cancellationToken = cancellationToken;
    }

    /// <summary>The repository's folder.</summary>
    public string Root { get; }

    /// <summary>The sample's baselines folder in it.</summary>
    public string Baselines => Path.Combine(Root, "samples", "OrdersService.PerfTests", "baselines");

    /// <summary>The reference commit: the service as approved.</summary>
    public string Reference { get; private set; } = string.Empty;

    /// <summary>The commit after it, which names it in baselines/reference.json.</summary>
    public string Approved { get; private set; } = string.Empty;

    /// <summary>What <c>perfassert baseline build</c> printed for the reference commit.</summary>
    public string ReferenceBuildOutput { get; private set; } = string.Empty;

    /// <summary>
    /// Makes the repository in <paramref name="root"/> (an empty folder) from <paramref name="sample"/>'s copy and packages;
    /// <paramref name="cancellationToken"/> stops its child processes, now and for every later commit.
    /// </summary>
    public static async Task<TeamRepository> CreateAsync(PackedSample sample, string root, CancellationToken cancellationToken)
    {
        var team = new TeamRepository(root, cancellationToken);
        SourceTree.CopyFolder(Path.Combine(sample.Repository, "samples"), Path.Combine(root, "samples"));
        var config = Path.Combine(root, "samples", "NuGet.config");
        await File.WriteAllTextAsync(config, (await File.ReadAllTextAsync(config, cancellationToken)).Replace("../artifacts/packages", sample.Feed, StringComparison.Ordinal), cancellationToken);
        await File.WriteAllTextAsync(Path.Combine(root, ".gitignore"), "bin/\nobj/\nartifacts/\nTestResults/\n*.received.json\n", cancellationToken);
        await PackedSample.GitAsync(root, cancellationToken, "init", "-q", "-b", "main");
        team.Reference = await team.CommitAsync("The service as approved.");
        new Baselines.BaselineReference(team.Reference).Write(new Baselines.BaselineStore(team.Baselines));
        team.Approved = await team.CommitAsync("Judge latency against the approved commit's build.");

        // Built once, for every step: what each step measures is the service as that step's commit left it, which the sample's
        // ServiceBuilds builds from source in every run beside the reference build, so the test project's own build (and its
        // copy of the service, which the workflow does not measure) need not be made again per commit.
        var build = await ChildProcess.RunAsync(Dotnet.Executable, ["build", "samples/Samples.sln", "-c", "Release", $"-p:PerfAssertVersion={sample.Version}", "-nodeReuse:false"],
            root, PackedSample.Environment(ci: true), StepTimeout, cancellationToken);
        Assert.True(build.ExitCode == 0 && !build.TimedOut, build.Describe());
        team.ReferenceBuildOutput = await sample.BuildReferenceAsync(root, Service, team.Baselines);
        return team;
    }

    /// <summary>Commits everything in the working tree; returns the commit.</summary>
    public async Task<string> CommitAsync(string message)
    {
        await PackedSample.GitAsync(Root, _cancellationToken, "add", "-A");
        await PackedSample.GitAsync(Root, _cancellationToken, "-c", "user.name=A team", "-c", "user.email=team@perfassert.invalid", "commit", "-q", "-m", message);
        return (await PackedSample.GitAsync(Root, _cancellationToken, "rev-parse", "HEAD")).Output.Trim();
    }
}
