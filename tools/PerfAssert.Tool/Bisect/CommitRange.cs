using PerfAssert.Hosting.Builds;

namespace PerfAssert.Tool.Bisect;

/// <summary>The commits a bisect searches: the first-parent line from the good commit to the bad one, with their subjects and authors.</summary>
internal static class CommitRange
{
    private const char Separator = '\u001f';
    private const string Format = "--format=%H%x1f%P%x1f%an%x1f%s";

    /// <summary>
    /// <paramref name="good"/> and every commit after it on <paramref name="bad"/>'s first-parent line, up to
    /// <paramref name="bad"/>; throws naming the two when <paramref name="good"/> is not on that line.
    /// </summary>
    public static async Task<IReadOnlyList<BisectCommit>> ListAsync(string root, string good, string bad, CancellationToken cancellationToken)
    {
        if (good == bad)
        {
            throw new ArgumentException($"--good and --bad are the same commit ({good}): there is nothing to bisect.");
        }

        var listed = await GitAsync(root, cancellationToken, "log", "--first-parent", "--reverse", Format, $"{good}..{bad}");
        var commits = new List<BisectCommit> { await DescribeAsync(root, good, cancellationToken) };
        commits.AddRange(Parse(listed));
        if (commits.Count < 2 || commits[1].Parent != good)
        {
            throw new ArgumentException($"{good} is not on the first-parent line of {bad}: give a --good commit that {bad} descends from through first parents (git log --first-parent {bad}).");
        }

        return commits;
    }

    /// <summary>One commit, with its subject, author and first parent.</summary>
    public static async Task<BisectCommit> DescribeAsync(string root, string commit, CancellationToken cancellationToken) =>
        Parse(await GitAsync(root, cancellationToken, "log", "-1", Format, commit)).Single();

    private static IEnumerable<BisectCommit> Parse(string text) => text
        .Split('\n', StringSplitOptions.RemoveEmptyEntries | StringSplitOptions.TrimEntries)
        .Select(line => line.Split(Separator))
        .Select(f => new BisectCommit(f[0], f[3], f[2], f[1].Split(' ', StringSplitOptions.RemoveEmptyEntries).FirstOrDefault()));

    private static async Task<string> GitAsync(string root, CancellationToken cancellationToken, params string[] arguments)
    {
        var result = await CommandRunner.RunAsync("git", ["-C", root, .. arguments], root, TimeSpan.FromMinutes(1), cancellationToken);
        return result.Succeeded ? result.Output : throw new ArgumentException($"git could not list the range: {result.Describe(5)}");
    }
}
