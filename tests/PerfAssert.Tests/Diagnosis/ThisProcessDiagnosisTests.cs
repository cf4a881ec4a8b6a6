using System.Diagnostics;
using System.Globalization;
using System.Runtime.CompilerServices;
using System.Text.RegularExpressions;
using PerfAssert.Diagnosis;
using PerfAssert.Tests.Support;
using PerfAssert.Verdicts;

namespace PerfAssert.Tests.Diagnosis;

/// <summary>
/// A comparison in one process that fails says where: the subject and its partner recorded in turn in the test's own process
/// (PerfAssert.Hosting's recorder, which this project has through the tool), with known answers: a method of extra CPU work
/// that only the subject calls is the top CPU row with about the time it takes alone, and an array only the subject
/// allocates is the top allocation row with its bytes, in the method that allocates it; a thread busy beside the calls, in
/// none of them, is in neither side's profile. On the real clock, alone.
/// </summary>
[Collection(RealClockCollection.Name)]
public sealed partial class ThisProcessDiagnosisTests : IDisposable
{
    // Half the default: this test's rows differ by hundreds of samples a round, where the rule asks for a few.
    private static readonly TimeSpan DiagnosisTime = TimeSpan.FromMilliseconds(500);

    private static ulong _sink;
    private static ulong _bystanderSink;
    private static object? _kept;
    // The folders the diagnoses wrote (under the results folder, TestResults/perfassert/diagnosis), removed afterwards.
    private readonly List<string> _folders = [];

    [Fact]
    public async Task Regression_ExtraWorkAndAnArrayInTheSubject_AreTheTopRowsWithTheirTimeAndBytes()
    {
        // About a fifth more work a call in a method of its own, and a 4,000-byte array from another: one comparison whose
        // latency and allocation budgets both fail, and one diagnosis for both. Beside it, a thread of this process busy the
        // whole time in a method of its own and never in the calls (a test running beside this one, say).
        using var bystander = new Bystander();
        var result = await Perf.Measure("with extra work", () => { _sink ^= Shared(30_000); _sink ^= Extra(8_000); _kept = Allocate(); })
            .ComparedTo("without", () => { _sink ^= Shared(30_000); })
            .MeanAtMost(1.05)
            .AllocatedBytesAtMostPartner()
            .WithOptions(o => o with { DiagnosisTime = DiagnosisTime })
            .RunAsync(TestContext.Current.CancellationToken);

        var latency = Assert.Single(result.Verdicts, v => v.Unit == "x");
        var allocation = Assert.Single(result.Verdicts, v => v.Unit == "B/op");
        Assert.True(latency.Outcome == VerdictOutcome.Regression, latency.Message);
        Assert.True(allocation.Outcome == VerdictOutcome.Regression, allocation.Message);
        var where = latency.Diagnosis ?? string.Empty;
        Assert.Equal(where, allocation.Diagnosis);
        _folders.Add(Folder().Match(where).Groups[1].Value);
        Assert.Contains("Where (profiled after the verdict in this process, 3 rounds of 0.5 s a side", where, StringComparison.Ordinal);
        Assert.Contains("CPU self time per call, without -> with extra work:", where, StringComparison.Ordinal);

        // The extra method is the top CPU row, with about the time it takes when timed alone.
        var top = TopCpuRow().Match(where);
        Assert.True(top.Success, latency.Message);
        Assert.Contains(nameof(Extra), top.Groups["method"].Value, StringComparison.Ordinal);
        var injected = Fastest(() => _sink ^= Extra(8_000));
        var found = double.Parse(top.Groups["difference"].Value, CultureInfo.InvariantCulture);
        TestContext.Current.TestOutputHelper?.WriteLine($"{top.Value.Trim()}: {found:0.0} us of the {injected:0.0} us it takes alone");
        Assert.InRange(found, 0.6 * injected, 1.4 * injected);

        // The array is the top allocation row, in the method that allocates it, with its bytes: 4,000 and the header.
        var row = where.Split('\n').Select(l => l.Trim()).FirstOrDefault(l => l.StartsWith("* ", StringComparison.Ordinal) && l.Contains(" B +- ", StringComparison.Ordinal));
        Assert.True(row is not null, allocation.Message);
        Assert.Contains($"System.Byte[] in {typeof(ThisProcessDiagnosisTests).FullName}.{nameof(Allocate)}", row, StringComparison.Ordinal);
        var bytes = double.Parse(AddedBytes().Match(row).Groups[1].Value.Replace(",", string.Empty, StringComparison.Ordinal), CultureInfo.InvariantCulture);
        TestContext.Current.TestOutputHelper?.WriteLine(row);
        Assert.InRange(bytes, 0.9 * 4_024, 1.1 * 4_024);

        var folder = _folders[^1];
        // The method both sides call holds its own time, not the loop that called it: on the partner's side (the folded file's
        // first count) the samples on top of Shared far outnumber those on top of the diagnosis's own loop (when the calls ran
        // one at a time from that loop, Shared read 1 us of its 30 and the loop the rest, CallRecording.Batch).
        var partner = File.ReadAllLines(Path.Combine(folder, BuildDiagnosis.FoldedFile)).Select(FoldedLine).ToList();
        var inShared = partner.Where(l => l.Leaf.EndsWith($"{nameof(ThisProcessDiagnosisTests)}.{nameof(Shared)}(int32)", StringComparison.Ordinal)).Sum(l => l.Before);
        var inLoop = partner.Where(l => l.Leaf.StartsWith("System.Diagnostics.Stopwatch.", StringComparison.Ordinal) || l.Leaf.StartsWith(typeof(ProcessDiagnosis).FullName!, StringComparison.Ordinal) || l.Leaf.EndsWith("!?", StringComparison.Ordinal)).Sum(l => l.Before);
        TestContext.Current.TestOutputHelper?.WriteLine($"partner samples on top of Shared: {inShared}, on top of the diagnosis's loop: {inLoop}");
        Assert.True(inShared > 10 * inLoop, $"{inShared} samples on top of Shared against {inLoop} on top of the diagnosis's loop{Environment.NewLine}{latency.Message}");
        // The bystander ran through every recording, a tenth of its ticks in Bystanding, and none of its samples is the
        // calls': kept only on the threads that ran the calls, between their first and last (CallsWindow), it is gone.
        var bystanding = File.ReadAllLines(Path.Combine(folder, BuildDiagnosis.FoldedFile)).Count(l => l.Contains($"{nameof(ThisProcessDiagnosisTests)}.{nameof(Bystanding)}", StringComparison.Ordinal));
        Assert.True(bystander.Rounds > 0, "the bystander never ran");
        Assert.True(bystanding == 0, $"{bystanding} of the folded file's stacks are the bystander's{Environment.NewLine}{latency.Message}");
        Assert.True(File.Exists(Path.Combine(folder, BuildDiagnosis.SpeedscopeFile)), latency.Message);
        Assert.True(File.Exists(Path.Combine(folder, "subject-3.nettrace")) && File.Exists(Path.Combine(folder, "partner-3.nettrace")), latency.Message);
    }

    [Fact]
    public async Task Never_ARegressionWithDiagnosisOff_HasNone()
    {
        var result = await Perf.Measure("with an object", () => { _kept = new object(); })
            .ComparedTo("without", () => { _sink ^= 1; })
            .AllocatedBytesAtMostPartner()
            .WithOptions(o => o with { Diagnosis = DiagnosisMode.Never })
            .RunAsync(TestContext.Current.CancellationToken);

        var allocation = Assert.Single(result.Verdicts, v => v.Unit == "B/op");
        Assert.Equal(VerdictOutcome.Regression, allocation.Outcome);
        Assert.Null(allocation.Diagnosis);
    }

    public void Dispose()
    {
        foreach (var folder in _folders.Where(f => f.Length > 0 && Directory.Exists(f)))
        {
            Directory.Delete(folder, recursive: true);
        }
    }

    /// <summary>A chain of dependent multiplications, <paramref name="iterations"/> long: work the JIT cannot skip.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ulong Shared(int iterations)
    {
        var check = 0UL;
        for (var i = 0; i < iterations; i++)
        {
            check = (check ^ (ulong)i) * 0x9E3779B97F4A7C15UL;
        }

        return check;
    }

    /// <summary>The same work, in a method of its own that only the subject calls.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ulong Extra(int iterations)
    {
        var check = 1UL;
        for (var i = 0; i < iterations; i++)
        {
            check = (check ^ (ulong)i) * 0x9E3779B97F4A7C15UL;
        }

        return check;
    }

    [MethodImpl(MethodImplOptions.NoInlining)]
    private static byte[] Allocate() => new byte[4000];

    /// <summary>The same work again, which only the bystander's thread does.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    private static ulong Bystanding(int iterations)
    {
        var check = 2UL;
        for (var i = 0; i < iterations; i++)
        {
            check = (check ^ (ulong)i) * 0x9E3779B97F4A7C15UL;
        }

        return check;
    }

    /// <summary>A thread busy in <see cref="Bystanding"/> a millisecond in ten until disposed.</summary>
    private sealed class Bystander : IDisposable
    {
        private readonly Thread _thread;
        private volatile bool _stopped;

        public Bystander()
        {
            _thread = new Thread(() =>
            {
                // Busy a millisecond in ten, so that it stays in every recording without taking a core from the calls or
                // the runtime's sampling thread (busy all the time, it put the extra method at 137% to 161% of its time).
                while (!_stopped)
                {
                    var busy = Stopwatch.GetTimestamp();
                    while (Stopwatch.GetElapsedTime(busy) < TimeSpan.FromMilliseconds(1))
                    {
                        _bystanderSink ^= Bystanding(1_000);
                    }

                    Rounds++;
                    Thread.Sleep(9);
                }
            }) { IsBackground = true, Name = "bystander" };
            _thread.Start();
        }

        public long Rounds { get; private set; }

        public void Dispose()
        {
            _stopped = true;
            _thread.Join();
        }
    }

    /// <summary>The fastest of twenty timings of a thousand calls, in microseconds a call.</summary>
    private static double Fastest(Action call)
    {
        var fastest = double.MaxValue;
        for (var i = 0; i < 20; i++)
        {
            var started = Stopwatch.GetTimestamp();
            for (var c = 0; c < 1_000; c++)
            {
                call();
            }

            fastest = Math.Min(fastest, Stopwatch.GetElapsedTime(started).TotalMicroseconds / 1_000);
        }

        return fastest;
    }

    [GeneratedRegex(@"CPU self time per call, [^\n]*:\s+\* [\d.]+ -> [\d.]+ \(\+(?<difference>[\d.]+) us\)(?: \(new\))?  (?<method>\S+)")]
    private static partial Regex TopCpuRow();

    // A line of the differential folded file: frames separated by ';', then the two sides' sample counts.
    private static (string Leaf, long Before) FoldedLine(string line)
    {
        var parts = line.Split(' ');
        var stack = string.Join(' ', parts[..^2]);
        return (stack[(stack.LastIndexOf(';') + 1)..], long.Parse(parts[^2], CultureInfo.InvariantCulture));
    }

    [GeneratedRegex(@"files: (.*) \(")]
    private static partial Regex Folder();

    [GeneratedRegex(@"\(\+([\d,]+) B \+- ")]
    private static partial Regex AddedBytes();
}
