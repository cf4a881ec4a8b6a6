using System.Collections.Concurrent;
using System.ComponentModel;
using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using Npgsql;

namespace PerfAssert.History.Tests.Support;

/// <summary>
/// A private PostgreSQL server for the history store tests (an xUnit v3 assembly or class fixture): Debian's
/// <c>initdb</c> makes a throwaway cluster in a temporary directory, and <c>postgres</c> serves it as a child process
/// on a free loopback port, durability off. Each test takes its own database from <see cref="CreateDatabaseAsync"/>.
/// A missing server fails with the command that installs it (tools/test.sh, the README's test command, runs it); it is
/// never skipped. PostgreSQL refuses to run as root, so under root (as on CI) both run as Debian's <c>postgres</c> user.
/// </summary>
public sealed class PrivatePostgres : IAsyncLifetime
{
    private const string User = "perfassert";
    private const string SystemUser = "postgres";
    private const string InstallCommand = "sudo apt-get update && sudo apt-get install -y postgresql";
    private const int PortAttempts = 3;

    // The server's parent, between it and the test process, so that it cannot outlive the tests: this bash starts
    // postgres and watches its own standard input, a pipe whose only writer is the test process. When that pipe closes
    // (DisposeAsync closes it, or the kernel does when the test process dies, however it dies) it asks postgres for a
    // fast shutdown (SIGINT), waits for it and removes the temporary directory; when postgres exits by itself (a port
    // taken meanwhile) it exits with postgres's code and leaves the directory for the next attempt. A pipe rather than
    // polling `kill -0 <test pid>`: under root this bash runs as the postgres user, which may not signal a root process,
    // and a pipe's end cannot be mistaken for a reused process id. Non-interactive bash gives `postgres &` /dev/null as
    // its input, so the server never holds the pipe itself.
    private const string Watchdog = """
        root=$1; shift
        "$@" &
        pid=$!
        while kill -0 "$pid" 2>/dev/null; do
            read -r -t 1 _
            status=$?
            if [ "$status" -ne 0 ] && [ "$status" -le 128 ]; then
                kill -INT "$pid"
                wait "$pid"
                rm -rf "$root"
                exit 0
            fi
        done
        wait "$pid"
        """;

    private static readonly TimeSpan StartTimeout = TimeSpan.FromSeconds(30);
    private static readonly TimeSpan StopTimeout = TimeSpan.FromSeconds(10);
    private static readonly TimeSpan ToolTimeout = TimeSpan.FromSeconds(60);

    private readonly ConcurrentQueue<string> _output = new();
    private readonly ConcurrentBag<string> _handedOut = [];
    private readonly bool _asSystemUser = IsRoot();
    private string? _root;
    private Process? _server;
    private string? _connectionString;

    /// <summary>The server's <c>postgres</c> database as its superuser (trust authentication, loopback only).</summary>
    public string ConnectionString => _connectionString
        ?? throw new InvalidOperationException("The private PostgreSQL server has not started: await PrivatePostgres.InitializeAsync() first (xUnit does so for a fixture).");

    /// <summary>The cluster's data directory, inside the temporary directory that <see cref="DisposeAsync"/> removes.</summary>
    public string DataDirectory => Path.Combine(_root ?? throw new InvalidOperationException("The private PostgreSQL server has not started."), "data");

    /// <summary>How long <see cref="InitializeAsync"/> took: initdb, and the server's start until it accepted a connection.</summary>
    public TimeSpan StartupTime { get; private set; }

    /// <summary>Everything the server (or the last tool run) printed, standard output and error interleaved.</summary>
    public string Output => string.Join(Environment.NewLine, _output);

    /// <summary>Creates an empty database on the server and returns a connection string to it.</summary>
    /// <param name="name">The database's name: ASCII letters, digits and underscores, at most 63 characters.</param>
    public async Task<string> CreateDatabaseAsync(string name)
    {
        ArgumentException.ThrowIfNullOrEmpty(name);
        if (name.Length > 63 || !name.All(c => char.IsAsciiLetterOrDigit(c) || c == '_'))
        {
            throw new ArgumentException($"'{name}' cannot name a test database: use ASCII letters, digits and underscores, at most 63 characters.", nameof(name));
        }

        // Bounded by the connection string's Timeout (connecting) and Command Timeout (the statement).
        await using (var connection = new NpgsqlConnection(ConnectionString))
        {
            await connection.OpenAsync();
            await using var command = new NpgsqlCommand($"CREATE DATABASE \"{name}\"", connection);
            await command.ExecuteNonQueryAsync();
        }

        var database = new NpgsqlConnectionStringBuilder(ConnectionString) { Database = name }.ConnectionString;
        _handedOut.Add(database);
        return database;
    }

    public async ValueTask InitializeAsync()
    {
        var started = Stopwatch.GetTimestamp();
        try
        {
            var (initdb, postgres) = FindServerBinaries();
            _root = Directory.CreateTempSubdirectory("perfassert-postgres-").FullName;
            var sockets = Directory.CreateDirectory(Path.Combine(_root, "sockets")).FullName;
            if (_asSystemUser)
            {
                await RunToEndAsync(Command("chown", ["-R", $"{SystemUser}:{SystemUser}", _root], asSystemUser: false));
            }

            await RunToEndAsync(Command(initdb, ["-D", DataDirectory, "-A", "trust", "-U", User, "-E", "UTF8", "--no-locale", "--no-sync"], _asSystemUser));
            for (var attempt = 1; attempt <= PortAttempts; attempt++)
            {
                var port = FreePort();
                if (await StartAsync(postgres, sockets, port))
                {
                    _connectionString = ConnectionStringFor(port, "postgres");
                    StartupTime = Stopwatch.GetElapsedTime(started);
                    return;
                }
            }

            throw new InvalidOperationException($"PostgreSQL ({postgres}) could not bind a free port on 127.0.0.1 in {PortAttempts} attempts; each was taken before the server started. Its output:{Environment.NewLine}{Output}");
        }
        catch
        {
            await DisposeAsync();
            throw;
        }
    }

    public async ValueTask DisposeAsync()
    {
        foreach (var connectionString in _handedOut.Append(_connectionString).OfType<string>())
        {
            await using var connection = new NpgsqlConnection(connectionString);
            NpgsqlConnection.ClearPool(connection);
        }

        if (_server is not null)
        {
            try
            {
                await StopAsync(_server);
            }
            finally
            {
                _server.Dispose();
                _server = null;
            }
        }

        // Normally gone already: the watchdog removes it once postgres has stopped.
        if (_root is not null && Directory.Exists(_root))
        {
            Directory.Delete(_root, recursive: true);
        }
    }

    /// <summary>Starts the server on <paramref name="port"/>; false when that port was taken meanwhile.</summary>
    private async Task<bool> StartAsync(string postgres, string sockets, int port)
    {
        string[] server = [postgres, "-D", DataDirectory, "-p", $"{port}", "-k", sockets, "-c", "listen_addresses=127.0.0.1",
            "-c", "fsync=off", "-c", "synchronous_commit=off", "-c", "full_page_writes=off"];
        var start = Command("bash", ["-c", Watchdog, "perfassert-postgres-watchdog", _root!, .. server], _asSystemUser);
        start.RedirectStandardInput = true;
        _server = Launch(start);

        var probe = new NpgsqlConnectionStringBuilder(ConnectionStringFor(port, "postgres")) { Timeout = 2, Pooling = false }.ConnectionString;
        var deadline = Stopwatch.GetTimestamp() + (long)(StartTimeout.TotalSeconds * Stopwatch.Frequency);
        while (Stopwatch.GetTimestamp() < deadline)
        {
            if (_server.HasExited)
            {
                await DrainAsync(_server);
                var code = _server.ExitCode;
                _server.Dispose();
                _server = null;
                if (Output.Contains("could not bind", StringComparison.Ordinal) || Output.Contains("Address already in use", StringComparison.Ordinal))
                {
                    return false;
                }

                throw new InvalidOperationException($"PostgreSQL ({postgres}) exited with code {code} before it accepted a connection on 127.0.0.1:{port}. Its output:{Environment.NewLine}{Output}");
            }

            try
            {
                await using var connection = new NpgsqlConnection(probe);
                await connection.OpenAsync();
                return true;
            }
            catch (NpgsqlException)
            {
                // Not listening yet, or "the database system is starting up".
            }

            await Task.Delay(100);
        }

        throw new TimeoutException($"PostgreSQL ({postgres}) did not accept a connection on 127.0.0.1:{port} within {StartTimeout.TotalSeconds:0} s. Its output:{Environment.NewLine}{Output}");
    }

    private static async Task StopAsync(Process server)
    {
        try
        {
            if (!server.HasExited)
            {
                // The watchdog's cue: a fast shutdown, then the temporary directory goes.
                server.StandardInput.Close();
                await server.WaitForExitAsync().WaitAsync(StopTimeout);
            }
        }
        catch (Exception ex) when (ex is TimeoutException or IOException)
        {
            // runuser, bash, postgres and its backends alike; root may signal them all.
            server.Kill(entireProcessTree: true);
            try
            {
                await server.WaitForExitAsync().WaitAsync(StopTimeout);
            }
            catch (TimeoutException)
            {
                throw new TimeoutException($"The private PostgreSQL server (process {server.Id}) did not stop within {StopTimeout.TotalSeconds:0} s of a fast shutdown, nor {StopTimeout.TotalSeconds:0} s after it was killed.");
            }
        }
    }

    /// <summary>Runs a tool (chown, initdb) to the end; fails with its output unless it exits 0 in time.</summary>
    private async Task RunToEndAsync(ProcessStartInfo start)
    {
        using var process = Launch(start);
        var command = string.Join(' ', start.ArgumentList.Prepend(start.FileName));
        try
        {
            await process.WaitForExitAsync().WaitAsync(ToolTimeout);
        }
        catch (TimeoutException)
        {
            process.Kill(entireProcessTree: true);
            await DrainAsync(process);
            throw new TimeoutException($"'{command}' did not finish within {ToolTimeout.TotalSeconds:0} s and was killed. Its output:{Environment.NewLine}{Output}");
        }

        if (process.ExitCode != 0)
        {
            var hint = _asSystemUser ? $" The tests run as root, so PostgreSQL runs as the '{SystemUser}' user that Debian's postgresql package creates ({InstallCommand})." : "";
            throw new InvalidOperationException($"'{command}' failed with exit code {process.ExitCode}.{hint} Its output:{Environment.NewLine}{Output}");
        }
    }

    private Process Launch(ProcessStartInfo start)
    {
        _output.Clear();
        var process = new Process { StartInfo = start };
        process.OutputDataReceived += (_, e) => Keep(e.Data);
        process.ErrorDataReceived += (_, e) => Keep(e.Data);
        try
        {
            process.Start();
        }
        catch (Win32Exception ex)
        {
            process.Dispose();
            throw new InvalidOperationException($"Could not start '{start.FileName}' ({ex.Message}). The private PostgreSQL server needs bash, and under root runuser (util-linux) and chown (coreutils).", ex);
        }

        process.BeginOutputReadLine();
        process.BeginErrorReadLine();
        return process;
    }

    private void Keep(string? line)
    {
        if (line is not null)
        {
            _output.Enqueue(line);
        }
    }

    /// <summary>Lets the output of an exited process arrive in full, without waiting long for a pipe another process holds.</summary>
    private static async Task DrainAsync(Process process)
    {
        try
        {
            await process.WaitForExitAsync().WaitAsync(TimeSpan.FromSeconds(5));
        }
        catch (TimeoutException)
        {
        }
    }

    /// <summary>A command as this process's user, or as Debian's postgres user (PostgreSQL will not run as root).</summary>
    private ProcessStartInfo Command(string fileName, IEnumerable<string> arguments, bool asSystemUser)
    {
        var start = new ProcessStartInfo(asSystemUser ? "runuser" : fileName)
        {
            // The postgres user may not be allowed into the test process's working directory; the temporary one is its own.
            WorkingDirectory = _root ?? Path.GetTempPath(),
            RedirectStandardOutput = true,
            RedirectStandardError = true,
            UseShellExecute = false,
        };
        IEnumerable<string> all = asSystemUser ? ["-u", SystemUser, "--", fileName, .. arguments] : arguments;
        foreach (var argument in all)
        {
            start.ArgumentList.Add(argument);
        }

        // English messages, which the port-taken check reads.
        start.Environment["LC_ALL"] = "C";
        return start;
    }

    private static string ConnectionStringFor(int port, string database) => new NpgsqlConnectionStringBuilder
    {
        Host = "127.0.0.1",
        Port = port,
        Username = User,
        Database = database,
        Timeout = 10,
        CommandTimeout = 30,
    }.ConnectionString;

    private static int FreePort()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        return port;
    }

    /// <summary>initdb and postgres from the newest /usr/lib/postgresql/&lt;version&gt;/bin/ that has both (Debian's layout), else from PATH.</summary>
    private static (string Initdb, string Postgres) FindServerBinaries()
    {
        const string debian = "/usr/lib/postgresql";
        var versions = Directory.Exists(debian) ? Directory.GetDirectories(debian) : [];
        var newestFirst = versions
            .Select(directory => (Bin: Path.Combine(directory, "bin"), Version: Version.TryParse(VersionText(Path.GetFileName(directory)), out var version) ? version : null))
            .Where(candidate => candidate.Version is not null)
            .OrderByDescending(candidate => candidate.Version);
        foreach (var (bin, _) in newestFirst)
        {
            var (initdb, postgres) = (Path.Combine(bin, "initdb"), Path.Combine(bin, "postgres"));
            if (IsProgram(initdb) && IsProgram(postgres))
            {
                return (initdb, postgres);
            }
        }

        var path = (Environment.GetEnvironmentVariable("PATH") ?? "").Split(Path.PathSeparator, StringSplitOptions.RemoveEmptyEntries);
        var onPath = path.FirstOrDefault(directory => IsProgram(Path.Combine(directory, "initdb")) && IsProgram(Path.Combine(directory, "postgres")));
        return onPath is not null
            ? (Path.Combine(onPath, "initdb"), Path.Combine(onPath, "postgres"))
            : throw new InvalidOperationException($"The history store tests start a private PostgreSQL server, but its initdb and postgres are neither in {debian}/<version>/bin/ (Debian's postgresql package) nor on PATH. Install it with: {InstallCommand} (tools/test.sh, the README's test command, installs it before the tests).");

        static string VersionText(string name) => name.Contains('.', StringComparison.Ordinal) ? name : name + ".0";

        // File.Exists is true for a dangling symbolic link, such as one left on PATH after the server was removed.
        static bool IsProgram(string path) => File.Exists(path) && (File.ResolveLinkTarget(path, returnFinalTarget: true) is not { } target || target.Exists);
    }

    /// <summary>Whether this process's effective user is root: the second field of /proc/self/status's Uid line, else the user name.</summary>
    private static bool IsRoot()
    {
        try
        {
            var uid = File.ReadLines("/proc/self/status").FirstOrDefault(line => line.StartsWith("Uid:", StringComparison.Ordinal));
            if (uid is not null)
            {
                return uid.Split((char[]?)null, StringSplitOptions.RemoveEmptyEntries)[2] == "0";
            }
        }
        catch (Exception ex) when (ex is IOException or UnauthorizedAccessException)
        {
        }

        return Environment.UserName == "root";
    }
}
