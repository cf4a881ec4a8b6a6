using System.Diagnostics;
using System.Globalization;
using System.Text.Json;
using PerfAssert.Load;
using PerfAssert.Load.Http11;

// The load worker (issue 30): loads its targets from this process, so the generator shares neither the test process's
// thread pool nor its GC with the service it loads. Two ways to use it:
// - one plan: reads one LoadPlan as JSON from standard input (to its end), runs it, writes one LoadResult as JSON;
// - a session (`--session`, issue 42): reads one line with a JSON array of plans, reaches and warms up each, writes
//   `ready`; then each line `run INDEX MILLISECONDS` runs that plan for that long on its open connections and answers with
//   one line of LoadResult JSON. The session ends when standard input closes.
// Exit codes: 0 done, 2 a plan (or a session command) was unreadable or invalid, 3 a target could not be reached, 4 the
// process that started it is gone (ParentWatch). Anything else is a crash; standard error says what happened.
ParentWatch.Start();
return args is [LoadSessionProtocol.SessionArgument] ? await SessionAsync() : await OnePlanAsync();

static async Task<int> OnePlanAsync()
{
    LoadPlan? plan;
    try
    {
        plan = await JsonSerializer.DeserializeAsync<LoadPlan>(Console.OpenStandardInput(), LoadWorkerJson.Options);
    }
    catch (JsonException ex)
    {
        await Console.Error.WriteLineAsync($"The plan on standard input is not a LoadPlan in JSON: {ex.Message}");
        return LoadWorkerProcess.BadPlanExitCode;
    }

    var (workers, failed) = await OpenAsync([plan]);
    if (workers is not [var worker])
    {
        return failed;
    }

    using var opened = worker;
    var result = await WithCpuAsync(() => worker.Loop.RunAsync(CancellationToken.None));
    await using (var output = Console.OpenStandardOutput())
    {
        await JsonSerializer.SerializeAsync(output, result, LoadWorkerJson.Options);
    }

    return 0;
}

static async Task<int> SessionAsync()
{
    using var input = new StreamReader(Console.OpenStandardInput());
    LoadPlan?[]? plans;
    try
    {
        plans = JsonSerializer.Deserialize<LoadPlan?[]>(await input.ReadLineAsync() ?? "null", LoadWorkerJson.Options);
    }
    catch (JsonException ex)
    {
        await Console.Error.WriteLineAsync($"The first line on standard input is not a JSON array of LoadPlan: {ex.Message}");
        return LoadWorkerProcess.BadPlanExitCode;
    }

    if (plans is not { Length: > 0 })
    {
        await Console.Error.WriteLineAsync("The first line on standard input holds no plans.");
        return LoadWorkerProcess.BadPlanExitCode;
    }

    var (workers, failed) = await OpenAsync(plans);
    if (workers is null)
    {
        return failed;
    }

    try
    {
        using var output = new StreamWriter(Console.OpenStandardOutput()) { AutoFlush = true };
        await output.WriteLineAsync(LoadSessionProtocol.Ready);
        while (await input.ReadLineAsync() is { } line)
        {
            if (!LoadSessionProtocol.TryParseRun(line, workers.Length, out var index, out var duration))
            {
                await Console.Error.WriteLineAsync($"Not a session command: '{line}' (expected '{LoadSessionProtocol.Run} INDEX MILLISECONDS' with INDEX below {workers.Length}).");
                return LoadWorkerProcess.BadPlanExitCode;
            }

            var result = await WithCpuAsync(() => workers[index].Loop.RunForAsync(duration, CancellationToken.None));
            await output.WriteLineAsync(JsonSerializer.Serialize(result, LoadWorkerJson.Options));
        }

        return 0;
    }
    finally
    {
        foreach (var worker in workers)
        {
            worker.Dispose();
        }
    }
}

// A run with this process's CPU time over it (user and kernel) and its total at the end.
static async Task<LoadResult> WithCpuAsync(Func<Task<LoadResult>> run)
{
    using var self = Process.GetCurrentProcess();
    var before = self.TotalProcessorTime;
    var result = await run();
    self.Refresh();
    var end = self.TotalProcessorTime;
    return result with { Cpu = end - before, ProcessCpu = end };
}

// Validates every plan, opens a loop on each target (plain HTTP/1.1 through the lean client; h2c and https:// through
// HttpClient's handler), reaches each once and warms each up. Null with the exit code when any of that fails.
static async Task<(PlanLoop[]? Workers, int Failed)> OpenAsync(IReadOnlyList<LoadPlan?> plans)
{
    for (var i = 0; i < plans.Count; i++)
    {
        var problems = plans[i]?.Problems() ?? ["the plan is JSON null"];
        if (problems.Count > 0)
        {
            var which = plans.Count > 1 ? string.Create(CultureInfo.InvariantCulture, $"Plan {i} ('{plans[i]?.Name}')") : "The plan";
            await Console.Error.WriteLineAsync($"{which} cannot run: {string.Join("; ", problems)}.");
            return (null, LoadWorkerProcess.BadPlanExitCode);
        }
    }

    var workers = plans.Select(p => PlanLoop.Open(p!)).ToArray();
    foreach (var worker in workers)
    {
        if (await worker.Loop.ProbeAsync(CancellationToken.None) is { } unreachable)
        {
            await Console.Error.WriteLineAsync($"Cannot reach {worker.Plan.Target} ('{worker.Plan.Name}'): {unreachable}");
            foreach (var opened in workers)
            {
                opened.Dispose();
            }

            return (null, LoadWorkerProcess.UnreachableExitCode);
        }
    }

    foreach (var worker in workers)
    {
        await worker.Loop.WarmUpAsync(CancellationToken.None);
    }

    return (workers, 0);
}

/// <summary>One plan's loop with the client it sends through.</summary>
internal sealed class PlanLoop(LoadPlan plan, LoadLoop loop, IDisposable client) : IDisposable
{
    public LoadPlan Plan => plan;

    public LoadLoop Loop => loop;

    public static PlanLoop Open(LoadPlan plan)
    {
        if (Http11Client.Supports(plan))
        {
            var lean = new Http11Client(plan);
            return new PlanLoop(plan, new LoadLoop(plan, lean), lean);
        }

        var handler = LoadLoop.CreateHandler(plan);
        var invoker = new HttpMessageInvoker(handler, disposeHandler: true);
        return new PlanLoop(plan, new LoadLoop(plan, invoker), invoker);
    }

    public void Dispose() => client.Dispose();
}
