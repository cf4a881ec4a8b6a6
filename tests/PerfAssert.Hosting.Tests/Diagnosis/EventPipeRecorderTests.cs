using System.Diagnostics;
using System.Net.Sockets;
using System.Text.RegularExpressions;
using PerfAssert.Diagnosis;
using PerfAssert.Hosting.Diagnosis;

namespace PerfAssert.Hosting.Tests.Diagnosis;

/// <summary>
/// A real process recorded through its diagnostics port: the sample app serving <c>GET /work</c> (CPU work in
/// <c>Work.Spin</c>, a 4,000-byte array from <c>Work.Buffer</c>), warmed, then recorded for two seconds of calls. The
/// recording names the managed methods without a perf map, the spinning method is among them, and the arrays are picked by
/// the runtime's allocation sampling with the method that made them; started as a worker is (PerfAssert's startup hook), the
/// app marks the calls' window, and the recording keeps only the samples inside it.
/// </summary>
public sealed partial class EventPipeRecorderTests : IDisposable
{
    private readonly string _file = Path.Combine(Path.GetTempPath(), "perfassert-recording-" + Guid.NewGuid().ToString("N")[..12] + ".nettrace");
    private readonly string _control = Path.Combine(Path.GetTempPath(), "perfassert-control-" + Guid.NewGuid().ToString("N")[..12] + ".sock");

    [Fact]
    public async Task RecordAsync_ServiceUnderCalls_ItsHotMethodAndItsArraysAreInTheRecording()
    {
        using var deadline = Bounded.Within(60);
        // Started as a service worker is: with PerfAssert's startup hook, whose control socket marks a recording's calls.
        var start = new ProcessStartInfo("dotnet", ["exec", Path.Combine(AppContext.BaseDirectory, "SampleApp.dll"), "--urls", "http://127.0.0.1:0"])
        {
            RedirectStandardOutput = true,
            UseShellExecute = false,
        };
        start.Environment["DOTNET_STARTUP_HOOKS"] = typeof(EventPipeRecorder).Assembly.Location;
        start.Environment[StartupHook.ControlVariable] = _control;
        using var app = Process.Start(start)!;
        try
        {
            var address = await ListeningAsync(app, deadline.Token);
            using var control = await ControlAsync(deadline.Token);
            using var client = new HttpClient { BaseAddress = address };
            var calls = 0L;
            // Warm first, as a diagnosis profiles workers already measured: code compiled during a recording is not named.
            var warm = Stopwatch.GetTimestamp() + Stopwatch.Frequency * 2;
            while (Stopwatch.GetTimestamp() < warm)
            {
                (await client.GetAsync(new Uri("/work", UriKind.Relative), deadline.Token)).EnsureSuccessStatusCode().Dispose();
            }

            await EventPipeRecorder.RecordAsync(app.Id, _file, async ct =>
            {
                // At least two seconds and 6,000 calls (about 230 sampled arrays), whichever is later: a busy machine serves
                // fewer calls a second, and the estimate's precision rests on the calls, not on the time.
                Assert.Equal("ok", await control.AskAsync("calls-began", ct));
                var started = Stopwatch.GetTimestamp();
                while (Stopwatch.GetElapsedTime(started) < TimeSpan.FromSeconds(2) || (calls < 6_000 && Stopwatch.GetElapsedTime(started) < TimeSpan.FromSeconds(25)))
                {
                    (await client.GetAsync(new Uri("/work", UriKind.Relative), ct)).EnsureSuccessStatusCode().Dispose();
                    calls++;
                }

                Assert.Equal("ok", await control.AskAsync("calls-ended", ct));
            }, TimeSpan.FromSeconds(30), deadline.Token);
            var recording = EventPipeRecorder.Read(_file);

            // Kept: the samples between the calls' marks (CallsMarks, CallsWindow), on every thread: a worker serves nothing
            // but the calls, and its console logger's thread writes their lines.
            TestContext.Current.TestOutputHelper?.WriteLine($"{calls} calls: {recording.Threads.Count} samples kept, {recording.OutsideWindow} outside the calls left out");
            Assert.True(recording.OutsideWindow > 0, "no sample was left out as taken before the first call or after the last");
            Assert.Null(recording.CallThreads);
            // Inside the window only the marks' own work is left out (the control thread writing the end mark: 0 or 1 sample).
            Assert.InRange(recording.OtherThreads, 0, 3);

            // The sample profiler's ticks as this recording kept them: every millisecond asked for, a little more taken.
            Assert.InRange(recording.SampleInterval.TotalMilliseconds, 0.9, 5);
            var profile = new StackProfile(recording.Cpu, calls, recording.SampleInterval);
            // The spinning method is named and sampled. How much of its time the samples show is another matter: on a warm
            // service Work.Spin got 95 samples where 20,646 calls of about 17 us (wrk beside /ping: 48 against 30 us a
            // request) would give about 350, and each of its stacks ended at Work.Spin itself, its callers lost. The
            // runtime's sample profiler walks a thread's stack where it can stop it, and a loop without calls gives it few
            // such places: a diagnosis cannot rest on the self time of tight loops alone.
            Assert.True(profile.SelfSamples(profile.Methods.FirstOrDefault(m => m.StartsWith("Work.Spin(", StringComparison.Ordinal)) ?? "-") > 0,
                $"{calls} calls, {profile.Samples} samples in managed code, {recording.ExternalSamples} outside it; no sample in Work.Spin");
            Assert.Contains(profile.Methods, m => m.StartsWith("Microsoft.AspNetCore.", StringComparison.Ordinal));
            var arrays = recording.Allocations.Where(a => a.Type == "System.Byte[]" && a.Method.StartsWith("Work.Buffer(", StringComparison.Ordinal)).ToList();
            Assert.NotEmpty(arrays);
            Assert.All(arrays, a => Assert.Equal(4024, a.ObjectSize));
            // One array a call: the sampled estimate of its bytes per call is 4,024 within four of its standard errors (a
            // check that fails about once in 16,000 runs by chance), and it rests on enough samples for that to bite: a
            // weight left out or counted twice misses by far more than that.
            var buffer = new AllocationProfile(recording.Allocations, calls).Estimates.Single(e => e.Type == "System.Byte[]" && e.Method.StartsWith("Work.Buffer(", StringComparison.Ordinal));
            Assert.True(buffer.Samples >= 100, $"{calls} calls gave {buffer.Samples} sampled arrays: {buffer}");
            Assert.True(Math.Abs(buffer.BytesPerCall - 4024) <= 4 * buffer.StandardError, $"{buffer}");
        }
        finally
        {
            app.Kill(entireProcessTree: true);
            await app.WaitForExitAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(10), CancellationToken.None);
        }
    }

    [Fact]
    public void Interval_ThreadsSampledOnEachTick_IsTheSpanOfTheLongestLivedOverItsTicks()
    {
        // Three threads: one sampled on all 801 ticks over a second, one that started late, one sampled once.
        Assert.Equal(1.25, EventPipeRecorder.Interval([(801, 10.0, 1010.0), (200, 760.0, 1010.0), (1, 500.0, 500.0)]).TotalMilliseconds, 9);
        Assert.Equal(BuildDiagnosis.SampleInterval, EventPipeRecorder.Interval([(1, 500.0, 500.0)]));
        Assert.Equal(BuildDiagnosis.SampleInterval, EventPipeRecorder.Interval([]));
    }

    [Theory]
    [InlineData("dynamicClass.lambda_method1(pMT: 0x7f8ec3804db0,class System.Object,pMT: 0x7f8ec2946230)", "dynamicClass.lambda_method1(pMT: 0x?,class System.Object,pMT: 0x?)")]
    [InlineData("OrdersService.OrdersEndpoints.GetOrder(int32)", "OrdersService.OrdersEndpoints.GetOrder(int32)")]
    public void Comparable_DynamicMethodsAddresses_AreLeftOutSoBothSidesNameThemAlike(string name, string comparable)
    {
        Assert.Equal(comparable, EventPipeRecorder.Comparable(name));
    }

    [Theory]
    [InlineData("PerfAssert.Hosting.Diagnosis.CallsMarks.System.IObserver<System.Collections.Generic.KeyValuePair<System.String,System.Object>>.OnNext(value class System.Collections.Generic.KeyValuePair`2<class System.String,class System.Object>)", true)]
    [InlineData("Microsoft.AspNetCore.Hosting.HostingApplicationDiagnostics.RecordBeginRequestDiagnostics(class Microsoft.AspNetCore.Http.HttpContext,int64)", true)]
    [InlineData("Microsoft.AspNetCore.Hosting.HostingApplicationDiagnostics.BeginRequest(class Microsoft.AspNetCore.Http.HttpContext,value class HostingApplication+Context)", false)]
    [InlineData("OrdersService.OrdersEndpoints.GetOrder(int32)", false)]
    public void IsMarking_TheMarksOwnFrames_AreTheirsAlone(string frame, bool marking)
    {
        Assert.Equal(marking, EventPipeRecorder.IsMarking(frame));
    }

    public void Dispose()
    {
        foreach (var file in new[] { _file, _control }.Where(File.Exists))
        {
            File.Delete(file);
        }
    }

    /// <summary>The address Kestrel reports it bound, from the app's console log.</summary>
    private static async Task<Uri> ListeningAsync(Process app, CancellationToken cancellationToken)
    {
        while (await app.StandardOutput.ReadLineAsync(cancellationToken) is { } line)
        {
            if (Listening().Match(line) is { Success: true } match)
            {
                // The app logs every request: keep reading, or a full pipe would stop it mid-request.
                _ = app.StandardOutput.BaseStream.CopyToAsync(Stream.Null, CancellationToken.None);
                return new Uri(match.Groups[1].Value);
            }
        }

        throw new InvalidOperationException($"The sample app exited with {app.ExitCode} before it listened.");
    }

    /// <summary>A connection to the app's control socket (the startup hook's, as a worker's parent has).</summary>
    private async Task<Control> ControlAsync(CancellationToken cancellationToken)
    {
        var socket = new Socket(AddressFamily.Unix, SocketType.Stream, ProtocolType.Unspecified);
        await socket.ConnectAsync(new UnixDomainSocketEndPoint(_control), cancellationToken);
        return new Control(socket);
    }

    private sealed class Control(Socket socket) : IDisposable
    {
        private readonly NetworkStream _stream = new(socket, ownsSocket: true);
        private StreamReader? _reader;
        private StreamWriter? _writer;

        public async Task<string?> AskAsync(string command, CancellationToken cancellationToken)
        {
            _reader ??= new StreamReader(_stream);
            _writer ??= new StreamWriter(_stream) { AutoFlush = true, NewLine = "\n" };
            await _writer.WriteLineAsync(command.AsMemory(), cancellationToken);
            return await _reader.ReadLineAsync(cancellationToken);
        }

        public void Dispose() => _stream.Dispose();
    }

    [GeneratedRegex(@"Now listening on: (http://\S+)")]
    private static partial Regex Listening();
}
