using System.Net;
using System.Net.Sockets;
using PerfAssert.Diagnosis;
using PerfAssert.Functional.Support;
using PerfAssert.Load;
using PerfAssert.Load.Testing;

namespace PerfAssert.Functional.Load;

/// <summary>
/// How a load test's comparison of two plans finds the process to record for each (the one listening on the plan's port,
/// read from Linux's /proc), and the one line its diagnosis is when that process cannot be recorded: this project
/// has no PerfAssert.Hosting, whose recorder it needs (PerfAssert.Hosting.Tests diagnoses one for real).
/// </summary>
public sealed class ListeningProcessTests
{
    [Fact]
    public void Find_PortThisProcessListensOn_IsThisProcess_AndOnceClosedNone()
    {
        var listener = new TcpListener(IPAddress.Loopback, 0);
        listener.Start();
        var port = ((IPEndPoint)listener.LocalEndpoint).Port;

        Assert.Equal(Environment.ProcessId, ListeningProcess.Find(port, out var why));
        Assert.Empty(why);

        listener.Stop();
        Assert.Null(ListeningProcess.Find(port, out why));
        Assert.Equal($"no process on this machine listens on TCP port {port}", why);
    }

    [Fact]
    public void ListeningInodes_KernelTable_AreTheListeningSocketsOfThatPortOnly()
    {
        // /proc/net/tcp as the kernel writes it: port 0x1F90 (8080) listening (0A) and connected (01), another port listening.
        string[] table =
        [
            "  sl  local_address rem_address   st tx_queue rx_queue tr tm->when retrnsmt   uid  timeout inode",
            "   0: 0100007F:1F90 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 4711 1 0000000000000000 100 0 0 10 0",
            "   1: 0100007F:1F90 0100007F:C350 01 00000000:00000000 00:00000000 00000000     0        0 4712 1 0000000000000000 20 4 30 10 -1",
            "   2: 00000000:0016 00000000:0000 0A 00000000:00000000 00:00000000 00000000     0        0 815 1 0000000000000000 100 0 0 10 0",
        ];

        Assert.Equal(["4711"], ListeningProcess.ListeningInodes(table, 8080));
        Assert.Equal(["815"], ListeningProcess.ListeningInodes(table, 22));
        Assert.Empty(ListeningProcess.ListeningInodes(table, 50000));
    }

    [Fact]
    public async Task Diagnosis_WithoutPerfAssertHosting_IsOneLineSayingWhy()
    {
        // The subject's service answers after 2 ms, its partner's at once. The diagnosis is asked for whatever the verdict: on
        // a busy machine three rounds can leave even this one Inconclusive (a CI run, 2026-11-29).
        await using var slow = ScriptedHttpServer.Start(_ =>
        {
            Thread.Sleep(2);
            return ScriptedAnswer.Ok("ok");
        });
        await using var fast = ScriptedHttpServer.Start(_ => ScriptedAnswer.Ok("ok"));

        var result = await LoadTest.Of(Plan("slow", slow.Uri)).ComparedTo(Plan("fast", fast.Uri))
            .RequestsPerSecondAtLeast(0.90)
            .WithOptions(o => o with { Rounds = 3, WarmupRounds = 0, BlockDuration = TimeSpan.FromMilliseconds(100), Diagnosis = DiagnosisMode.Always })
            .RunAsync(TestContext.Current.CancellationToken);

        Assert.Equal(
            "No diagnosis: recording the process serving a plan needs PerfAssert.Hosting (its EventPipe recorder); add that package to the test project",
            result.Diagnosis);
        Assert.EndsWith(result.Diagnosis, result.Text.TrimEnd(), StringComparison.Ordinal);
    }

    private static LoadPlan Plan(string name, Uri target) => new()
    {
        Name = name,
        Target = target,
        Expect = new LoadExpectation { Body = "ok"u8.ToArray() },
        Concurrency = 2,
        Duration = TimeSpan.FromMilliseconds(100),
    };
}
