using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Hosting.Server;
using Microsoft.AspNetCore.Hosting.Server.Features;
using Microsoft.AspNetCore.Http;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;
using PerfAssert.ReferenceSuite.Report;
using PerfAssert.Targets.Reference;

namespace PerfAssert.Functional.Reference;

/// <summary>
/// wrk, the outside load generator of the throughput section: its output is read right, its POSTs carry exactly the
/// echo body (checked by a real endpoint that answers 400 to any other), and the section says when ours falls short.
/// </summary>
public sealed class WrkTests
{
    private const string Output = """
        Running 2s test @ http://127.0.0.1:41234/throughput/time
          2 threads and 100 connections
          Thread Stats   Avg      Stdev     Max   +/- Stdev
            Latency     1.21ms  612.00us  14.90ms   81.23%
            Req/Sec    41.20k     3.10k   47.11k    70.00%
          Latency Distribution
             50%    1.08ms
             75%    1.41ms
             90%    1.90ms
             99%    3.52ms
          163942 requests in 2.00s, 25.17MB read
          Socket errors: connect 0, read 2, write 0, timeout 1
          Non-2xx or 3xx responses: 42
        Requests/sec:  81971.00
        Transfer/sec:     12.58MB
        """;

    [Fact]
    public void Parse_WrkOutput_ReadsRateRequestsErrorsAndPercentiles()
    {
        var measured = WrkMeasurement.Parse(Output);

        Assert.Equal(163_942, measured.Requests);
        Assert.Equal(81_971, measured.RequestsPerSecond, 6);
        Assert.Equal(42, measured.Non2xx);
        Assert.Equal(3, measured.SocketErrors);
        Assert.Equal(1_080, measured.P50Us, 6);
        Assert.Equal(3_520, measured.P99Us, 6);
        Assert.Equal(81_971.0 * (163_942 - 42) / 163_942, measured.GoodRequestsPerSecond, 6);
    }

    [Fact]
    public void Parse_WithoutLatencyDistribution_SaysToRunWithLatency()
    {
        var withoutDistribution = string.Join('\n', Output.Split('\n').Where(l => !l.Contains('%', StringComparison.Ordinal) || l.Contains("Stdev", StringComparison.Ordinal)));

        var error = Assert.Throws<FormatException>(() => WrkMeasurement.Parse(withoutDistribution));
        Assert.Contains("--latency", error.Message, StringComparison.Ordinal);
        Assert.Contains("Requests/sec", Assert.Throws<FormatException>(() => WrkMeasurement.Parse("nothing")).Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Markdown_InterleavedRounds_RatiosWithIntervals_ShortfallsNamed_AndAMissingWrkSaysWhy()
    {
        // Two rounds of four blocks: ours at 60% of wrk's rate in both (0.61 and 0.59 a block), the service at 1.2x wrk's CPU.
        List<DriverBlock> blocks = [.. Enumerable.Range(0, 2).SelectMany(round => new[]
        {
            new DriverBlock(round, true, 61_000, 61_000, 0, 20, 12),
            new DriverBlock(round, false, 100_000, 100_000, 0, 5, 10),
            new DriverBlock(round, false, 100_000, 100_000, 0, 5, 10),
            new DriverBlock(round, true, 59_000, 59_000, 0, 20, 12),
        })];
        var within = blocks.Select(b => b.Ours ? b with { RequestsPerSecond = 95_000, ServiceCpuUs = 10.5 } : b).ToList();

        var section = DriverComparison.Markdown(
            [new("GET time", "lean HTTP/1.1", blocks, WrkNon2xx: 3), new("POST echo", "lean HTTP/1.1", within), new("GET slow", "lean HTTP/1.1", [.. blocks.Where(b => b.Ours)], WrkProblem: "wrk exited with 1")],
            null);
        var missing = DriverComparison.Markdown([], "wrk is not installed");

        // Each round's ratio is the geometric mean of its two blocks of ours over wrk's: sqrt(0.61 x 0.59) in both, no scatter.
        Assert.Contains("| GET time | 60,000 | 0 | 100,000 | 3 / 0 | 0.60x [0.60, 0.60] | 20.0 | 5.0 | 12.0 / 10.0 | 1.20x [1.20, 1.20] | lean HTTP/1.1 | rate short of the goal by 33%; service CPU 20% over wrk's |", section, StringComparison.Ordinal);
        Assert.Contains("| POST echo | 95,000 | 0 | 100,000 | 0 / 0 | 0.95x [0.95, 0.95] | 20.0 | 5.0 | 10.5 / 10.0 | 1.05x [1.05, 1.05] | lean HTTP/1.1 | within the goals |", section, StringComparison.Ordinal);
        Assert.Contains("| GET slow | 60,000 | 0 | - | - | - | 20.0 | - | 12.0 / - | - | lean HTTP/1.1 | wrk did not run: wrk exited with 1 |", section, StringComparison.Ordinal);
        Assert.Contains("Not measured: wrk is not installed.", missing, StringComparison.Ordinal);
    }

    [Fact]
    public void Ratio_ScatteredRounds_IntervalIsTheRoundsT()
    {
        // Rounds at 0.9 and 1.1: log-ratios -0.105 and 0.095, mean -0.005, their spread 0.1414 over sqrt(2), t(0.975, 1) = 12.71.
        List<DriverBlock> blocks = [.. new[] { 0.9, 1.1 }.SelectMany((ratio, round) => new[]
        {
            new DriverBlock(round, true, 100 * ratio, 100, 0, null, null),
            new DriverBlock(round, false, 100, 100, 0, null, null),
        })];

        var ratio = new DriverRun("GET", null, blocks).Ratio!.Value;

        var (mean, half) = ((Math.Log(0.9) + Math.Log(1.1)) / 2, 12.7062 * Math.Abs(Math.Log(1.1) - Math.Log(0.9)) / Math.Sqrt(2) / Math.Sqrt(2));
        Assert.Equal(Math.Exp(mean), ratio.Estimate, 6);
        Assert.Equal(Math.Exp(mean - half), ratio.Lower, 3);
        Assert.Equal(Math.Exp(mean + half), ratio.Upper, 3);
        Assert.Null(new DriverRun("GET", null, blocks).ServiceCpuRatio);
    }

    [Theory]
    [InlineData("1.52 0.48\n", 2.0)]
    [InlineData("Command exited with non-zero status 1\n0.25 0.50\n", 0.75)]
    public void Cpu_GnuTimeOutput_IsUserPlusSystem(string output, double seconds) =>
        Assert.Equal(TimeSpan.FromSeconds(seconds), WrkRunner.Cpu(output));

    [Fact]
    public void Cpu_SomethingElse_ThrowsQuotingIt()
    {
        var error = Assert.Throws<FormatException>(() => WrkRunner.Cpu("time: cannot run wrk\n"));
        Assert.Contains("'time: cannot run wrk'", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public async Task RunAsync_WrkThatCannotStart_ThrowsNamingTheProgramAndTheTarget()
    {
        var missing = Path.Combine(Path.GetTempPath(), $"no-wrk-{Guid.NewGuid():N}");

        var error = await Assert.ThrowsAsync<InvalidOperationException>(() =>
            WrkRunner.RunAsync(missing, new Uri("http://127.0.0.1:9/time"), null, ThroughputCases.BodyContentType, 1, 1, TimeSpan.FromSeconds(1), TestContext.Current.CancellationToken));

        Assert.Contains("wrk exited with 127 loading http://127.0.0.1:9/time", error.Message, StringComparison.Ordinal);
        // Started directly, the reason is .NET's ("could not start <path>"); under GNU time, time's ("cannot run <path>").
        Assert.Matches($"(could not start|cannot run) {System.Text.RegularExpressions.Regex.Escape(missing)}", error.Message);
    }

    [Fact]
    public async Task RunAsync_PostingTheEchoBody_SendsExactlyItsBytes_AndAnotherBodyIsCountedAsNon2xx()
    {
        var wrk = WrkRunner.Locate();
        if (wrk is null)
        {
            Assert.Fail($"wrk is missing: the throughput section's outside load generator. Install it with: {WrkRunner.InstallCommand} (tools/test.sh does this before the tests).");
        }

        var expected = ThroughputCases.Body;
        var builder = WebApplication.CreateSlimBuilder();
        builder.WebHost.UseUrls("http://127.0.0.1:0");
        builder.Logging.ClearProviders();
        await using var app = builder.Build();
        app.MapPost("/check", async (HttpContext context) =>
        {
            using var body = new MemoryStream();
            await context.Request.Body.CopyToAsync(body, context.RequestAborted);
            context.Response.StatusCode = body.ToArray().AsSpan().SequenceEqual(expected) && context.Request.ContentType == ThroughputCases.BodyContentType
                ? StatusCodes.Status200OK
                : StatusCodes.Status400BadRequest;
        });
        using var deadline = new CancellationTokenSource(TimeSpan.FromSeconds(60));
        await app.StartAsync(deadline.Token);
        var address = new Uri(app.Services.GetRequiredService<IServer>().Features.Get<IServerAddressesFeature>()!.Addresses.First());
        try
        {
            var exact = await WrkRunner.RunAsync(wrk, new Uri(address, "/check"), expected, ThroughputCases.BodyContentType, 4, 1, TimeSpan.FromSeconds(1), deadline.Token);
            expected[0] ^= 0x20;
            var other = await WrkRunner.RunAsync(wrk, new Uri(address, "/check"), ThroughputCases.Body, ThroughputCases.BodyContentType, 4, 1, TimeSpan.FromSeconds(1), deadline.Token);

            Assert.True(exact.Requests > 100, $"wrk answered only {exact.Requests} requests");
            // wrk runs under GNU time (Debian's time package, installed by tools/test.sh), which reports its CPU time in
            // hundredths of a second: a light run on a loaded machine can read 0.00 (a CI run did, 2026-11-27), which is a
            // reading, so zero is accepted only for fewer than 10,000 requests (under 10 ms at 1 us or more a request).
            Assert.True(exact.Cpu is { } cpu && cpu < TimeSpan.FromSeconds(2 * 1.5) && (cpu > TimeSpan.Zero || exact.Requests < 10_000),
                $"wrk's CPU time: {exact.Cpu?.ToString() ?? "not measured"} for {exact.Requests} requests (measured by GNU time: apt-get install time; tools/test.sh installs it)");
            Assert.Equal(0, exact.Non2xx);
            Assert.Equal(0, exact.SocketErrors);
            Assert.Equal(other.Requests, other.Non2xx);
            Assert.True(other.Requests > 100, $"wrk answered only {other.Requests} requests");
        }
        finally
        {
            await app.StopAsync(CancellationToken.None).WaitAsync(TimeSpan.FromSeconds(30), CancellationToken.None);
        }
    }
}
