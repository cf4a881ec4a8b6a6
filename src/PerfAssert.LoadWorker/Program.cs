using System.Diagnostics;
using System.Text.Json;
using PerfAssert.LoadWorker;
using PerfAssert.LoadWorker.Http11;

// The load worker (issue 30): reads one LoadPlan as JSON from standard input, loads its target from this process, and writes
// one LoadResult as JSON to standard output. Exit codes: 0 the run happened (its errors are in the result), 2 the plan was
// unreadable or invalid, 3 the target could not be reached, 4 the process that started it is gone (ParentWatch). Anything
// else is a crash; standard error says what happened.
ParentWatch.Start();
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

var problems = plan?.Problems() ?? ["the plan is JSON null"];
if (plan is null || problems.Count > 0)
{
    await Console.Error.WriteLineAsync($"The plan cannot run: {string.Join("; ", problems)}.");
    return LoadWorkerProcess.BadPlanExitCode;
}

// Plain HTTP/1.1 goes through the lean client; h2c (and https://) through HttpClient's handler.
using var lean = Http11Client.Supports(plan) ? new Http11Client(plan) : null;
using var handler = lean is null ? LoadLoop.CreateHandler(plan) : null;
using var invoker = handler is null ? null : new HttpMessageInvoker(handler, disposeHandler: false);
var loop = lean is not null ? new LoadLoop(plan, lean) : new LoadLoop(plan, invoker!);
if (await loop.ProbeAsync(CancellationToken.None) is { } unreachable)
{
    await Console.Error.WriteLineAsync($"Cannot reach {plan.Target}: {unreachable}");
    return LoadWorkerProcess.UnreachableExitCode;
}

await loop.WarmUpAsync(CancellationToken.None);
using var self = Process.GetCurrentProcess();
var before = self.TotalProcessorTime;
var result = await loop.RunAsync(CancellationToken.None);
self.Refresh();
var end = self.TotalProcessorTime;
await using (var output = Console.OpenStandardOutput())
{
    await JsonSerializer.SerializeAsync(output, result with { Cpu = end - before, ProcessCpu = end }, LoadWorkerJson.Options);
}

return 0;
