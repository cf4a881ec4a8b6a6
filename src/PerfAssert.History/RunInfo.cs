using System.Diagnostics;

namespace PerfAssert.History;

/// <summary>
/// Where and when a run was made: the repository, branch and commit (with its parent), the CI run that made it, and its
/// key. What <see cref="Detect"/> cannot learn from git and the CI's variables stays <see langword="null"/>.
/// </summary>
public sealed record RunInfo
{
    /// <summary>
    /// The run's key: recording a run whose key is stored already adds nothing. <see langword="null"/> lets the recorder
    /// key the run by its results' content, so recording the same results folder again adds nothing either.
    /// </summary>
    public string? Key { get; init; }

    /// <summary>The repository, as the CI names it (<c>owner/name</c>) or as its <c>origin</c> remote says.</summary>
    public string? Repository { get; init; }

    /// <summary>The branch the run was made on.</summary>
    public string? Branch { get; init; }

    /// <summary>The commit the run measured (full hash).</summary>
    public string? Commit { get; init; }

    /// <summary>The commit's first parent.</summary>
    public string? Parent { get; init; }

    /// <summary>The link to the CI run, where the CI gives one.</summary>
    public string? CiUrl { get; init; }

    /// <summary>
    /// The working tree of the repository the run was made in, where git is asked which baseline entries the commit changed
    /// (the accepted changes); <see langword="null"/> asks in the results folder's repository.
    /// </summary>
    public string? RepositoryDirectory { get; init; }

    /// <summary>When the run was recorded; <see langword="null"/> takes the time of recording.</summary>
    public DateTimeOffset? Time { get; init; }

    /// <summary>
    /// What git and the CI's variables say about the run made in <paramref name="directory"/>'s repository: GitHub Actions
    /// (<c>GITHUB_*</c>), GitLab (<c>CI_*</c>) and Azure Pipelines (<c>BUILD_*</c>) are read; <c>PERFASSERT_RUN_ID</c>
    /// names the run on any other CI. Git is asked for what the CI does not say; outside a repository, or without git,
    /// those stay <see langword="null"/>.
    /// </summary>
    public static RunInfo Detect(string directory, Func<string, string?>? environment = null)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(directory);
        environment ??= System.Environment.GetEnvironmentVariable;
        string? Env(string name) => environment(name) is { Length: > 0 } value ? value : null;

        var server = Env("GITHUB_SERVER_URL");
        var githubRepository = Env("GITHUB_REPOSITORY");
        var githubRun = Env("GITHUB_RUN_ID");
        var key = Env("PERFASSERT_RUN_ID")
            ?? (githubRun is null ? null : $"github:{githubRepository}:{githubRun}:{Env("GITHUB_RUN_ATTEMPT") ?? "1"}:{Env("GITHUB_JOB")}")
            ?? (Env("CI_JOB_ID") is { } job ? $"gitlab:{Env("CI_PROJECT_PATH")}:{job}" : null)
            ?? (Env("BUILD_BUILDID") is { } build ? $"azure:{Env("SYSTEM_TEAMPROJECT")}:{build}:{Env("SYSTEM_JOBID")}" : null);
        var ciUrl = githubRun is not null && server is not null && githubRepository is not null
            ? $"{server}/{githubRepository}/actions/runs/{githubRun}"
            : Env("CI_JOB_URL");
        var branch = Env("GITHUB_HEAD_REF") ?? (Env("GITHUB_REF_TYPE") == "branch" ? Env("GITHUB_REF_NAME") : null)
            ?? Env("CI_COMMIT_REF_NAME") ?? Env("BUILD_SOURCEBRANCHNAME");
        var commit = Env("GITHUB_SHA") ?? Env("CI_COMMIT_SHA") ?? Env("BUILD_SOURCEVERSION");

        commit ??= Git(directory, "rev-parse", "HEAD");
        return new RunInfo
        {
            Key = key,
            RepositoryDirectory = Git(directory, "rev-parse", "--show-toplevel"),
            Repository = githubRepository ?? Env("CI_PROJECT_PATH") ?? Env("BUILD_REPOSITORY_NAME") ?? RepositoryName(Git(directory, "remote", "get-url", "origin")),
            Branch = branch ?? Git(directory, "symbolic-ref", "--short", "-q", "HEAD"),
            Commit = commit,
            Parent = commit is null ? null : Git(directory, "rev-parse", "-q", "--verify", commit + "^1"),
            CiUrl = ciUrl,
        };
    }

    // owner/name from a remote's URL (https://host/owner/name.git or git@host:owner/name.git); a local path stays as it is.
    private static string? RepositoryName(string? remote)
    {
        if (remote is null)
        {
            return null;
        }

        var trimmed = remote.EndsWith(".git", StringComparison.Ordinal) ? remote[..^4] : remote;
        var parts = trimmed.Replace(':', '/').Split('/', StringSplitOptions.RemoveEmptyEntries);
        return parts.Length >= 2 && (remote.Contains("://", StringComparison.Ordinal) || remote.Contains('@', StringComparison.Ordinal))
            ? $"{parts[^2]}/{parts[^1]}"
            : trimmed;
    }

    /// <summary>What git prints, trimmed, or <see langword="null"/> when it fails, prints nothing or is not installed (bounded: 10 s).</summary>
    internal static string? Git(string directory, params string[] arguments)
    {
        var start = new ProcessStartInfo("git") { WorkingDirectory = directory, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in arguments)
        {
            start.ArgumentList.Add(argument);
        }

        try
        {
            using var process = Process.Start(start);
            if (process is null)
            {
                return null;
            }

            var output = process.StandardOutput.ReadToEndAsync();
            _ = process.StandardError.ReadToEndAsync();
            if (!process.WaitForExit(10_000))
            {
                process.Kill(entireProcessTree: true);
                return null;
            }

            return process.ExitCode == 0 && output.Result.Trim() is { Length: > 0 } text ? text : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }
}
