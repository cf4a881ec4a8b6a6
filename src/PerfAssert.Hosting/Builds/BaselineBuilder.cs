using System.Globalization;
using System.Text;
using PerfAssert.Baselines;

namespace PerfAssert.Hosting.Builds;

/// <summary>
/// Builds a project of the repository as it is in the working tree and as it was at a commit, in Release, each into its
/// own folder under <see cref="CacheDirectory"/> (by default <c>artifacts/baseline-builds</c>, which git ignores). A
/// commit's build is made once, in a temporary <c>git worktree</c> of that commit, and kept by commit: later runs reuse it.
/// Every failure (not a git repository, a shallow clone, an unknown commit, a failed restore or build) throws
/// <see cref="BaselineBuildUnavailableException"/> naming the cause and the fix.
/// </summary>
public sealed class BaselineBuilder
{
    private const string CompleteMarker = ".perfassert-build";
    private readonly TimeSpan _timeout;

    /// <summary>Creates a builder for the git repository at <paramref name="repositoryRoot"/>.</summary>
    /// <param name="repositoryRoot">The repository's top folder (where <c>.git</c> is).</param>
    /// <param name="cacheDirectory">Where builds are kept; <see langword="null"/> for <c>artifacts/baseline-builds</c> under the root.</param>
    /// <param name="timeout">How long one git or build command may take.</param>
    public BaselineBuilder(string repositoryRoot, string? cacheDirectory = null, TimeSpan? timeout = null)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(repositoryRoot);
        RepositoryRoot = Path.GetFullPath(repositoryRoot);
        CacheDirectory = Path.GetFullPath(cacheDirectory ?? Path.Combine(RepositoryRoot, "artifacts", "baseline-builds"));
        _timeout = timeout ?? TimeSpan.FromMinutes(10);
    }

    /// <summary>The repository's top folder.</summary>
    public string RepositoryRoot { get; }

    /// <summary>Where builds are kept, one folder per commit (and <c>working-tree</c>).</summary>
    public string CacheDirectory { get; }

    /// <summary>Finds the top of the git repository at or above <paramref name="start"/>; throws naming the folder when there is none.</summary>
    public static string FindRepositoryRoot(string start)
    {
        for (var directory = new DirectoryInfo(Path.GetFullPath(start)); directory is not null; directory = directory.Parent)
        {
            if (Path.Exists(Path.Combine(directory.FullName, ".git")))
            {
                return directory.FullName;
            }
        }

        throw new BaselineBuildUnavailableException($"no reference build: {start} is not inside a git repository, so the reference commit cannot be checked out. Run the tests from a git clone.");
    }

    /// <summary>The folder a project's build at <paramref name="commit"/> goes to (whether or not it exists yet).</summary>
    public string OutputOf(string commit, string project) => Path.Combine(CacheDirectory, commit, Slug(Normalize(project)));

    /// <summary>Whether <paramref name="project"/>'s build at <paramref name="commit"/> is in the cache.</summary>
    public bool IsBuilt(string commit, string project) => File.Exists(Path.Combine(OutputOf(commit, project), CompleteMarker));

    /// <summary>Resolves a revision (<c>HEAD</c>, a branch, a short id) to its full commit id.</summary>
    public async Task<string> ResolveAsync(string revision, CancellationToken cancellationToken)
    {
        var result = await GitAsync(cancellationToken, "rev-parse", "--verify", "--quiet", revision + "^{commit}").ConfigureAwait(false);
        if (!result.Succeeded)
        {
            throw new BaselineBuildUnavailableException($"'{revision}' is not a commit of {RepositoryRoot}.{await ShallowHintAsync(cancellationToken).ConfigureAwait(false)}");
        }

        return result.Output.Trim().ToLowerInvariant();
    }

    /// <summary>
    /// Builds <paramref name="project"/> (a path relative to the repository root) as it was at <paramref name="commit"/>,
    /// unless that build is cached, and returns its output folder.
    /// </summary>
    public async Task<string> BuildCommitAsync(string commit, string project, CancellationToken cancellationToken)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(commit);
        var output = OutputOf(commit, project);
        if (IsBuilt(commit, project))
        {
            return output;
        }

        if (!(await GitAsync(cancellationToken, "cat-file", "-e", commit + "^{commit}").ConfigureAwait(false)).Succeeded)
        {
            throw new BaselineBuildUnavailableException(
                $"no reference build: commit {commit} (baselines/{BaselineReference.FileName}) is not in this clone of {RepositoryRoot}.{await ShallowHintAsync(cancellationToken).ConfigureAwait(false)}");
        }

        var worktree = Path.Combine(Path.GetTempPath(), "perfassert-reference-" + Guid.NewGuid().ToString("N")[..12]);
        var added = await GitAsync(cancellationToken, "worktree", "add", "--detach", worktree, commit).ConfigureAwait(false);
        if (!added.Succeeded)
        {
            throw new BaselineBuildUnavailableException($"no reference build: checking out {commit} failed: {added.Describe()}");
        }

        try
        {
            await BuildIntoAsync(worktree, project, output, $"commit {commit}", inPlace: false, cancellationToken).ConfigureAwait(false);
            return output;
        }
        finally
        {
            await GitAsync(CancellationToken.None, "worktree", "remove", "--force", worktree).ConfigureAwait(false);
            if (Directory.Exists(worktree))
            {
                Directory.Delete(worktree, recursive: true);
            }
        }
    }

    /// <summary>
    /// Builds <paramref name="project"/> as it is in the working tree, the same way, into <paramref name="folder"/> under the
    /// cache (never reused: the working tree changes between runs), and returns the output folder.
    /// </summary>
    public async Task<string> BuildWorkingTreeAsync(string folder, string project, CancellationToken cancellationToken)
    {
        var output = OutputOf(folder, project);
        if (Directory.Exists(output))
        {
            Directory.Delete(output, recursive: true);
        }

        await BuildIntoAsync(RepositoryRoot, project, output, "the working tree", inPlace: true, cancellationToken).ConfigureAwait(false);
        return output;
    }

    /// <summary>
    /// Builds into <paramref name="output"/>. A commit's worktree is built straight into it (<c>-o</c>); the working tree is
    /// built where its own builds go and its output copied: building it with <c>-o</c> changes the paths its compilations
    /// reference, so each such build compiled the project and its references again after the solution's build (about 5 s
    /// for the targets host), and the solution's next build compiled them back.
    /// </summary>
    private async Task BuildIntoAsync(string root, string project, string output, string what, bool inPlace, CancellationToken cancellationToken)
    {
        var path = Path.Combine(root, project);
        if (!File.Exists(path))
        {
            throw new BaselineBuildUnavailableException($"no reference build: {what} has no project {project} (looked for {path}). Name the service's project relative to the repository root.");
        }

        // Built aside and moved into place once complete, so a build that fails or is killed never looks cached.
        var partial = output + ".partial-" + Guid.NewGuid().ToString("N")[..8];
        try
        {
            var build = await CommandRunner.RunAsync(CommandRunner.Dotnet,
                inPlace
                    ? ["build", path, "-c", "Release", "-t:Build", "-getProperty:TargetDir", "-nodeReuse:false", "-v:q", "-nologo"]
                    : ["build", path, "-c", "Release", "-o", partial, "-nodeReuse:false", "-v:q", "-nologo"],
                root, _timeout, cancellationToken).ConfigureAwait(false);
            if (!build.Succeeded)
            {
                throw new BaselineBuildUnavailableException($"no reference build: building {project} at {what} failed. Fix the build of that commit or move the reference (perfassert baseline move). {build.Describe()}");
            }

            if (inPlace)
            {
                // -getProperty prints the property's value once the build is done, on a line of its own after the build's.
                var built = build.Output.Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
                    .LastOrDefault(line => Path.IsPathFullyQualified(line) && Directory.Exists(line)) ?? string.Empty;
                if (built.Length == 0)
                {
                    throw new BaselineBuildUnavailableException($"no reference build: building {project} at {what} named no output folder (no TargetDir in its output). {build.Describe()}");
                }

                CopyTree(built, partial);
            }

            await File.WriteAllTextAsync(Path.Combine(partial, CompleteMarker), string.Create(CultureInfo.InvariantCulture, $"{what}\n{project}\n"), cancellationToken).ConfigureAwait(false);
            Directory.CreateDirectory(Path.GetDirectoryName(output)!);
            try
            {
                Directory.Move(partial, output);
            }
            catch (IOException) when (File.Exists(Path.Combine(output, CompleteMarker)))
            {
                // Another process finished the same build first; its output is as good as ours.
            }
        }
        finally
        {
            if (Directory.Exists(partial))
            {
                Directory.Delete(partial, recursive: true);
            }
        }
    }

    private async Task<string> ShallowHintAsync(CancellationToken cancellationToken)
    {
        var shallow = await GitAsync(cancellationToken, "rev-parse", "--is-shallow-repository").ConfigureAwait(false);
        return shallow.Output.Trim() == "true"
            ? " This is a shallow clone: fetch the whole history (git fetch --unshallow; on GitHub Actions, actions/checkout with fetch-depth: 0)."
            : " Fetch it (git fetch origin), or name a commit this clone has with: perfassert baseline move --commit <commit>";
    }

    private Task<CommandResult> GitAsync(CancellationToken cancellationToken, params string[] arguments) =>
        CommandRunner.RunAsync("git", ["-C", RepositoryRoot, .. arguments], RepositoryRoot, _timeout, cancellationToken);

    /// <summary>The project as a path relative to the root, so <c>./src/A.csproj</c> and <c>src/A.csproj</c> share one cached build.</summary>
    private string Normalize(string project) =>
        Path.GetRelativePath(RepositoryRoot, Path.GetFullPath(Path.Combine(RepositoryRoot, project))).Replace('\\', '/');

    /// <summary>The folder name a build of <paramref name="project"/> gets: every character but letters, digits, '.' and '-' is '_'.</summary>
    internal static string Slug(string project)
    {
        var name = new StringBuilder();
        foreach (var c in project.Replace('\\', '/'))
        {
            name.Append(char.IsLetterOrDigit(c) || c is '.' or '-' ? c : '_');
        }

        return name.ToString().Trim('_');
    }

    private static void CopyTree(string source, string destination)
    {
        Directory.CreateDirectory(destination);
        foreach (var file in Directory.EnumerateFiles(source))
        {
            File.Copy(file, Path.Combine(destination, Path.GetFileName(file)));
        }

        foreach (var directory in Directory.EnumerateDirectories(source))
        {
            CopyTree(directory, Path.Combine(destination, Path.GetFileName(directory)));
        }
    }
}
