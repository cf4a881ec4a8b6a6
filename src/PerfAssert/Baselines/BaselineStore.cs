using System.Collections.Concurrent;
using PerfAssert.IO;

namespace PerfAssert.Baselines;

/// <summary>
/// The committed baselines of a repository: one <c>{TestClass}.json</c> per test class under <see cref="Directory"/>.
/// Candidates (new or changed entries) go to <c>{TestClass}.received.json</c> beside them, or, on CI, to
/// <see cref="CandidateDirectory"/> so a CI run never writes under <c>baselines/</c>. Every write is atomic (temp file and
/// rename) and candidate merges are locked, so test classes recording at the same time lose nothing.
/// </summary>
public sealed class BaselineStore
{
    /// <summary>The command that accepts candidates with the packaged tool (<c>dotnet tool install PerfAssert.Tool</c>); <c>PERFASSERT_ACCEPT_COMMAND</c> overrides it.</summary>
    public const string DefaultAcceptCommand = "dotnet perfassert accept";

    private static readonly ConcurrentDictionary<string, SemaphoreSlim> Locks = new(StringComparer.Ordinal);

    /// <summary>Creates a store over a baselines directory.</summary>
    /// <param name="directory">The committed baselines.</param>
    /// <param name="candidateDirectory">Where candidates go; <see langword="null"/> for beside the baselines.</param>
    /// <param name="acceptCommand">The command failure messages name.</param>
    /// <param name="ci">Whether this is a CI run: nothing under <paramref name="directory"/> is written.</param>
    /// <param name="acceptOnRun">Whether the run writes committed baselines directly (a local, deliberate re-record).</param>
    public BaselineStore(string directory, string? candidateDirectory = null, string acceptCommand = DefaultAcceptCommand, bool ci = false, bool acceptOnRun = false)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(directory);
        Directory = Path.GetFullPath(directory);
        CandidateDirectory = Path.GetFullPath(candidateDirectory ?? directory);
        AcceptCommand = acceptCommand;
        IsCi = ci;
        AcceptOnRun = acceptOnRun && !ci;
        if (IsCi && (CandidateDirectory == Directory || IsUnder(CandidateDirectory, Directory)))
        {
            throw new ArgumentException($"On CI candidates must go outside {Directory}; set PERFASSERT_CANDIDATES.", nameof(candidateDirectory));
        }
    }

    /// <summary>The committed baselines.</summary>
    public string Directory { get; }

    /// <summary>Where candidates are written: <see cref="Directory"/> locally, elsewhere on CI.</summary>
    public string CandidateDirectory { get; }

    /// <summary>The one documented command that accepts candidates; failure messages name it.</summary>
    public string AcceptCommand { get; }

    /// <summary>Whether this run writes committed baselines directly (<c>PERFASSERT_ACCEPT=1</c> on a local run; never on CI).</summary>
    public bool AcceptOnRun { get; }

    /// <summary>Whether this is a CI run (<c>CI=true</c>): nothing under <see cref="Directory"/> is ever written.</summary>
    public bool IsCi { get; }

    /// <summary>Whether the environment says this is a CI run: <c>CI</c> is <c>true</c> or <c>1</c>.</summary>
    public static bool CiFromEnvironment => IsSet("CI");

    /// <summary>
    /// Finds the store: <c>PERFASSERT_BASELINES</c> if set, else the nearest <c>baselines</c> folder above the test binaries.
    /// On CI candidates go to <c>PERFASSERT_CANDIDATES</c> or <c>TestResults/perfassert-candidates</c> beside that folder.
    /// </summary>
    public static BaselineStore Discover(string? startDirectory = null)
    {
        var configured = System.Environment.GetEnvironmentVariable("PERFASSERT_BASELINES");
        var directory = !string.IsNullOrWhiteSpace(configured) ? configured : FindUpwards(startDirectory ?? AppContext.BaseDirectory);
        var ci = CiFromEnvironment;
        var candidates = System.Environment.GetEnvironmentVariable("PERFASSERT_CANDIDATES");
        if (ci && string.IsNullOrWhiteSpace(candidates))
        {
            candidates = Path.Combine(Path.GetDirectoryName(Path.GetFullPath(directory))!, "TestResults", "perfassert-candidates");
        }

        var command = System.Environment.GetEnvironmentVariable("PERFASSERT_ACCEPT_COMMAND");
        return new BaselineStore(directory, string.IsNullOrWhiteSpace(candidates) ? null : candidates, string.IsNullOrWhiteSpace(command) ? DefaultAcceptCommand : command, ci, IsSet("PERFASSERT_ACCEPT"));
    }

    /// <summary>The path of a test class's committed baseline file.</summary>
    public string PathOf(string fileName) => Path.Combine(Directory, Sanitize(fileName) + ".json");

    /// <summary>The committed baseline files, without candidates and without <see cref="BaselineReference.FileName"/>.</summary>
    public IEnumerable<string> BaselineFiles() => System.IO.Directory.GetFiles(Directory, "*.json")
        .Where(p => !p.EndsWith(".received.json", StringComparison.Ordinal) && Path.GetFileName(p) != BaselineReference.FileName)
        .Order(StringComparer.Ordinal);

    /// <summary>The path of a test class's candidate file.</summary>
    public string CandidatePathOf(string fileName) => Path.Combine(CandidateDirectory, Sanitize(fileName) + ".received.json");

    /// <summary>Loads a committed file; a missing file has no entries. Throws <see cref="BaselineException"/> naming the file.</summary>
    public BaselineFile Load(string fileName) => Read(PathOf(fileName));

    /// <summary>Reads any baseline or candidate file by path.</summary>
    public BaselineFile Read(string path) =>
        File.Exists(path) ? BaselineJson.Parse(File.ReadAllText(path), Relative(path), AcceptCommand) : new BaselineFile();

    /// <summary>Adds or replaces one entry in a test class's candidate file (locked, atomic).</summary>
    public async Task<string> WriteCandidateAsync(string fileName, string id, BaselineEntry entry, CancellationToken cancellationToken = default)
    {
        var path = AcceptOnRun ? PathOf(fileName) : CandidatePathOf(fileName);
        if (IsCi && IsUnder(path, Directory))
        {
            throw new InvalidOperationException($"CI=true: refusing to write {path} under the committed baselines directory.");
        }

        await UpdateAsync(path, file => file.Entries[id] = entry, cancellationToken).ConfigureAwait(false);
        return path;
    }

    /// <summary>Runs <paramref name="change"/> on a file under an in-process and a cross-process lock, then writes it atomically.</summary>
    public async Task UpdateAsync(string path, Action<BaselineFile> change, CancellationToken cancellationToken = default)
    {
        ArgumentNullException.ThrowIfNull(change);
        var gate = Locks.GetOrAdd(Path.GetFullPath(path), _ => new SemaphoreSlim(1, 1));
        await gate.WaitAsync(cancellationToken).ConfigureAwait(false);
        try
        {
            System.IO.Directory.CreateDirectory(Path.GetDirectoryName(path)!);
            using var crossProcess = await FileLock.AcquireAsync(path + ".lock", cancellationToken).ConfigureAwait(false);
            var file = Read(path);
            change(file);
            AtomicFile.WriteAllText(path, BaselineJson.Serialize(file));
        }
        finally
        {
            gate.Release();
        }
    }

    /// <summary>A path relative to the baselines folder's parent, for messages (for example <c>baselines/X.json</c>).</summary>
    public string Relative(string path) => Path.GetRelativePath(Path.GetDirectoryName(Directory)!, path).Replace('\\', '/');

    private static string FindUpwards(string start)
    {
        for (var directory = new DirectoryInfo(Path.GetFullPath(start)); directory is not null; directory = directory.Parent)
        {
            var candidate = Path.Combine(directory.FullName, "baselines");
            if (System.IO.Directory.Exists(candidate))
            {
                return candidate;
            }
        }

        throw new BaselineException($"No 'baselines' folder found above {start}. Create one at the repository root, or set PERFASSERT_BASELINES to its path.");
    }

    private static string Sanitize(string fileName)
    {
        ArgumentException.ThrowIfNullOrWhiteSpace(fileName);
        if (fileName + ".json" == BaselineReference.FileName)
        {
            throw new ArgumentException($"'{fileName}' cannot name a baseline file: baselines/{BaselineReference.FileName} holds the reference commit. Name the file after the test class.", nameof(fileName));
        }

        var invalid = Path.GetInvalidFileNameChars();
        return new string(fileName.Select(c => invalid.Contains(c) ? '_' : c).ToArray());
    }

    private static bool IsUnder(string path, string directory) =>
        Path.GetFullPath(path).StartsWith(Path.GetFullPath(directory) + Path.DirectorySeparatorChar, StringComparison.Ordinal);

    private static bool IsSet(string variable) =>
        System.Environment.GetEnvironmentVariable(variable) is { } value && (value.Equals("true", StringComparison.OrdinalIgnoreCase) || value == "1");
}
