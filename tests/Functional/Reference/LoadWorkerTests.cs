using System.Diagnostics;
using System.Net;
using System.Net.Sockets;
using PerfAssert.Load;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;
using PerfAssert.Targets.Services.Throughput;

namespace PerfAssert.Functional.Reference;

/// <summary>
/// The load worker process (issue 30) on the real throughput targets: every case answered correctly through it, wrong answers
/// counted by kind, and a worker that is killed, hangs or cannot connect reported by name, with no process left behind.
/// </summary>
public sealed class LoadWorkerTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>
{
    public static TheoryData<string> Cases => [.. ThroughputCases.All.Select(c => c.Name)];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task RunAsync_EveryThroughputCaseOnLoopback_AnsweredCorrectlyFromTheWorkerProcess(string name)
    {
        var plan = ThroughputCases.All.Single(c => c.Name == name).Plan(targets.Endpoints, 2_000, TimeSpan.FromMinutes(1)) with { WarmupRequests = 200 };

        var run = await ThroughputRunner.RunAsync(plan, targets.Endpoints, TestContext.Current.CancellationToken);

        Assert.Equal((LoadGenerator.WorkerProcess, "lean HTTP/1.1"), (run.Generator, run.Client));
        Assert.True(run.Errors == 0, $"{run.Errors} of {run.Requests} answers were wrong or failed; first: {run.FirstError}");
        Assert.Equal(2_000, run.Requests);
        Assert.True(run.GeneratorCpu > TimeSpan.Zero, $"the worker's CPU time was {run.GeneratorCpu}");
        Assert.True(run.P50Us > 0 && run.P50Us <= run.P99Us, $"P50 {run.P50Us} us, P99 {run.P99Us} us");
    }

    [Fact]
    public async Task RunAsync_EchoThatDiffersByOneByte_EveryAnswerIsABodyError()
    {
        var echo = ThroughputCases.All.Single(c => c.Name == ThroughputCases.CaseName("POST echo 500 B", ThroughputCases.MinimalApis));
        var expected = ThroughputCases.Body;
        expected[^1] ^= 0x01;
        var plan = echo.Plan(targets.Endpoints, 300, TimeSpan.FromMinutes(1)) with { Concurrency = 4, Expect = echo.Expect with { Body = expected } };

        var run = await ThroughputRunner.RunAsync(plan, targets.Endpoints, TestContext.Current.CancellationToken);

        Assert.Equal(300, run.Errors);
        var kind = Assert.Single(run.ErrorKinds!);
        Assert.Equal(("body differs", 300L), (kind.Kind, kind.Count));
        Assert.StartsWith("body of 500 bytes differs from the 500 expected: 'abcdefghij", run.FirstError, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_TimeWithAnotherGreetingOrAMissingPath_CountsPrefixAndStatusErrors()
    {
        var time = ThroughputCases.All.Single(c => c.Name == ThroughputCases.CaseName("GET time", ThroughputCases.MinimalApis));
        var greeting = time.Plan(targets.Endpoints, 100, TimeSpan.FromMinutes(1)) with { Concurrency = 2, Expect = time.Expect with { BodyPrefix = "Hello World. Time was: "u8.ToArray() } };
        var missing = greeting with { Target = new Uri(targets.Endpoints.Http, "throughput/no-such-path"), Expect = time.Expect };

        var wrongGreeting = await ThroughputRunner.RunAsync(greeting, targets.Endpoints, TestContext.Current.CancellationToken);
        var notFound = await ThroughputRunner.RunAsync(missing, targets.Endpoints, TestContext.Current.CancellationToken);

        Assert.Equal(("body prefix", 100L), (Assert.Single(wrongGreeting.ErrorKinds!).Kind, wrongGreeting.Errors));
        Assert.StartsWith("body does not start with 'Hello World. Time was: ': 'Hello World. Time is: ", wrongGreeting.FirstError, StringComparison.Ordinal);
        Assert.Equal(("status 404", 100L), (Assert.Single(notFound.ErrorKinds!).Kind, notFound.Errors));
    }

    [Fact]
    public async Task RunAsync_H2c_AnswersCorrectlyOverHttp2AndFailsAgainstAnHttp11OnlyListener()
    {
        var echo = ThroughputCases.All.Single(c => c.Name == ThroughputCases.CaseName("POST echo 500 B", ThroughputCases.MinimalApis));
        var h2c = echo.Plan(targets.Endpoints, 1_000, TimeSpan.FromMinutes(1)) with
        {
            Target = new Uri(targets.Endpoints.Http2!, echo.Path),
            HttpVersion = "2",
            Concurrency = 16,
            Connections = 1,
        };
        var mismatched = h2c with { Target = new Uri(targets.Endpoints.Http, echo.Path), Requests = 20 };

        var run = await ThroughputRunner.RunAsync(h2c, targets.Endpoints, TestContext.Current.CancellationToken);
        var refused = await ThroughputRunner.RunAsync(mismatched, targets.Endpoints, TestContext.Current.CancellationToken);

        Assert.True(run.Errors == 0, $"{run.Errors} of {run.Requests} h2c answers were wrong or failed; first: {run.FirstError}");
        Assert.Equal(LoadLoop.InvokerClient, run.Client);
        Assert.Equal(1_000, run.Requests);
        // Prior-knowledge HTTP/2 to a listener that speaks only HTTP/1.1: every request fails, none is counted as a success.
        Assert.Equal(20, refused.Errors);
        // Refused as HTTP_1_1_REQUIRED, or (a CI run, 2026-11-26: 1 of 20) as a handshake the listener never completed: both are
        // the HTTP/1.1-only listener turning h2c away, and every one of the 20 is counted.
        Assert.All(refused.ErrorKinds!, k => Assert.StartsWith("HttpRequestException", k.Kind, StringComparison.Ordinal));
        Assert.Equal(20, refused.ErrorKinds!.Sum(k => k.Count));
    }

    [Fact]
    public async Task RunAsync_InMemoryHost_RunsInProcessAndSaysSo()
    {
        using var bounded = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        bounded.CancelAfter(TimeSpan.FromMinutes(1));
        await using var host = await TargetHost.StartAsync(new TargetHostOptions { InMemory = true, Modules = [new ThroughputModule()] }, bounded.Token);
        var plan = ThroughputCases.All[1].Plan(host.Endpoints, 500, TimeSpan.FromMinutes(1)) with { Concurrency = 8 };

        var run = await ThroughputRunner.RunAsync(plan, host.Endpoints, bounded.Token);

        Assert.Equal((LoadGenerator.InProcess, LoadLoop.InvokerClient), (run.Generator, run.Client));
        Assert.Null(run.GeneratorCpu);
        Assert.True(run.Errors == 0, $"{run.Errors} errors; first: {run.FirstError}");
        Assert.Equal(500, run.Requests);
    }

    [Fact]
    public async Task RunAsync_WorkerKilledMidRun_ThrowsWithItsExitCodeAndLeavesNoProcess()
    {
        var pid = 0;
        var plan = ThroughputCases.All[0].Plan(targets.Endpoints, 1, TimeSpan.FromMinutes(1)) with { Requests = null, Duration = TimeSpan.FromSeconds(30), Concurrency = 4 };
        var options = new LoadWorkerOptions
        {
            Started = id =>
            {
                pid = id;
                // The worker is killed from outside while it loads, as a crash or the OOM killer would.
                _ = Task.Delay(TimeSpan.FromSeconds(2), CancellationToken.None).ContinueWith(_ => Process.GetProcessById(id).Kill(), TaskScheduler.Default);
            },
        };

        var error = await Assert.ThrowsAsync<LoadWorkerException>(() => LoadWorkerProcess.RunAsync(plan, options, TestContext.Current.CancellationToken));

        Assert.Contains($"The load worker (process {pid}) running '{plan.Name}' exited with code 137: killed by signal 9.", error.Message, StringComparison.Ordinal);
        AssertGone(pid);
    }

    [Fact]
    public async Task RunAsync_ClosedPort_ThrowsThatItCouldNotConnect()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;
        listener.Stop();
        var target = new Uri($"http://127.0.0.1:{port}/throughput/time");
        var plan = new LoadPlan { Name = "closed port", Target = target, Concurrency = 2, Requests = 10 };

        var error = await Assert.ThrowsAsync<LoadWorkerException>(() => LoadWorkerProcess.RunAsync(plan, cancellationToken: TestContext.Current.CancellationToken));

        Assert.Contains($"running 'closed port' could not connect to {target} (exit code 3).", error.Message, StringComparison.Ordinal);
        Assert.Contains($"Cannot reach {target} ('closed port'): ConnectionError: Connection refused", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_TargetThatNeverAnswers_WorkerKilledAtItsTimeoutWithItsTree()
    {
        // Accepts connections and never answers: the worker waits on its first request, which would take the request timeout.
        using var silent = new TcpListener(IPAddress.Loopback, 0);
        silent.Start();
        var accepted = new List<Socket>();
        var accepting = Task.Run(async () =>
        {
            while (true)
            {
                accepted.Add(await silent.AcceptSocketAsync(TestContext.Current.CancellationToken));
            }
        }, TestContext.Current.CancellationToken);
        var pid = 0;
        var plan = new LoadPlan
        {
            Name = "silent",
            Target = new Uri($"http://127.0.0.1:{((IPEndPoint)silent.LocalEndpoint).Port}/"),
            Concurrency = 2,
            Duration = TimeSpan.FromSeconds(30),
            RequestTimeout = TimeSpan.FromMinutes(2),
        };
        var started = Stopwatch.StartNew();

        var error = await Assert.ThrowsAsync<LoadWorkerException>(() =>
            LoadWorkerProcess.RunAsync(plan, new LoadWorkerOptions { Timeout = TimeSpan.FromSeconds(3), Started = id => pid = id }, TestContext.Current.CancellationToken));

        Assert.Contains($"The load worker (process {pid}) running 'silent' did not finish within 3 s; it was killed with its process tree.", error.Message, StringComparison.Ordinal);
        Assert.True(started.Elapsed < TimeSpan.FromSeconds(20), $"took {started.Elapsed}");
        AssertGone(pid);
        silent.Stop();
        accepted.ForEach(s => s.Dispose());
        try
        {
            await accepting.WaitAsync(TimeSpan.FromSeconds(10), TestContext.Current.CancellationToken);
        }
        catch (Exception ex) when (ex is SocketException or ObjectDisposedException or OperationCanceledException)
        {
            // The stopped listener ends the accept loop; a loop that does not end fails the test with a TimeoutException.
        }
    }

    [Fact]
    public async Task RunAsync_Cancelled_KillsTheWorker()
    {
        var pid = 0;
        using var cancel = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        var plan = ThroughputCases.All[0].Plan(targets.Endpoints, 1, TimeSpan.FromMinutes(1)) with { Requests = null, Duration = TimeSpan.FromSeconds(30), Concurrency = 2 };
        cancel.CancelAfter(TimeSpan.FromSeconds(2));

        await Assert.ThrowsAnyAsync<OperationCanceledException>(() => LoadWorkerProcess.RunAsync(plan, new LoadWorkerOptions { Started = id => pid = id }, cancel.Token));

        AssertGone(pid);
    }

    [Fact]
    public async Task RunAsync_InvalidPlan_ThrowsNamingEverySettingBeforeStartingAWorker()
    {
        var plan = new LoadPlan { Name = "bad", Target = new Uri("ftp://127.0.0.1/"), Concurrency = 0, HttpVersion = "3", Requests = 10, Duration = TimeSpan.FromSeconds(1) };

        var error = await Assert.ThrowsAsync<ArgumentException>(() => LoadWorkerProcess.RunAsync(plan, cancellationToken: TestContext.Current.CancellationToken));

        Assert.Equal(
            "The load plan 'bad' cannot run: Target must be an absolute http:// or https:// URI, not 'ftp://127.0.0.1/'; HttpVersion must be '1.1' or '2' (h2c), not '3'; Concurrency must be at least 1, not 0; exactly one of Requests and Duration must be set.",
            error.Message);
    }

    [Fact]
    public async Task Worker_WhoseStartingProcessIsKilledOutright_StopsByItself()
    {
        Assert.SkipUnless(OperatingSystem.IsLinux(), "The worker watches its parent on Linux only; elsewhere its starting process kills it on every path it survives.");
        // A shell starts the worker as LoadWorkerProcess does (dotnet on the worker's assembly) and is then killed with SIGKILL,
        // which gives it no chance to stop its child. The worker's standard input is a FIFO it holds open for writing too, so
        // it waits for its plan for ever: only its own watch can end it.
        var folder = Directory.CreateTempSubdirectory("perfassert-orphan-");
        try
        {
            var fifo = Path.Combine(folder.FullName, "plan");
            var start = new ProcessStartInfo("/bin/sh") { RedirectStandardOutput = true, UseShellExecute = false };
            foreach (var argument in (string[])["-c", "mkfifo \"$2\" && exec 3<>\"$2\" && PERFASSERT_LOAD_WORKER_PARENT=$$ \"$0\" \"$1\" <&3 & echo $!; wait", Dotnet.Path, LoadWorkerProcess.WorkerPath, fifo])
            {
                start.ArgumentList.Add(argument);
            }

            using var shell = Process.Start(start)!;
            var line = await shell.StandardOutput.ReadLineAsync(TestContext.Current.CancellationToken).AsTask().WaitAsync(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken);
            var worker = int.Parse(line!, System.Globalization.CultureInfo.InvariantCulture);
            // Started: the worker's runtime is up once it has loaded its own assembly.
            await WaitUntilAsync(() => File.Exists($"/proc/{worker}/maps") && File.ReadAllText($"/proc/{worker}/maps").Contains("PerfAssert.Load.dll", StringComparison.Ordinal), TimeSpan.FromSeconds(30));

            shell.Kill();
            await shell.WaitForExitAsync(TestContext.Current.CancellationToken).WaitAsync(TimeSpan.FromSeconds(10), TestContext.Current.CancellationToken);

            await WaitUntilAsync(() => !Running(worker), TimeSpan.FromSeconds(10));
        }
        finally
        {
            folder.Delete(recursive: true);
        }
    }

    /// <summary>
    /// Whether the process runs. On Linux: it has an entry in /proc that is not a zombie (an exited process no one has reaped
    /// yet, as an orphan whose new parent does not reap it stays); elsewhere, as the process list sees it.
    /// </summary>
    private static bool Running(int pid)
    {
        if (!OperatingSystem.IsLinux())
        {
            try
            {
                using var process = Process.GetProcessById(pid);
                return !process.HasExited;
            }
            catch (ArgumentException)
            {
                return false;
            }
        }

        try
        {
            var stat = File.ReadAllText($"/proc/{pid}/stat");
            return stat[stat.LastIndexOf(')')..] is not [')', ' ', 'Z', ..];
        }
        catch (IOException)
        {
            return false;
        }
    }

    private static async Task WaitUntilAsync(Func<bool> condition, TimeSpan within)
    {
        var started = Stopwatch.StartNew();
        while (!condition())
        {
            Assert.True(started.Elapsed < within, $"not within {within.TotalSeconds:0} s");
            await Task.Delay(TimeSpan.FromMilliseconds(50), TestContext.Current.CancellationToken);
        }
    }

    private static void AssertGone(int pid)
    {
        Assert.NotEqual(0, pid);
        Assert.False(Running(pid), $"the worker (process {pid}) is still running");
    }
}
