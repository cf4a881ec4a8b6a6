using System.Diagnostics;
using System.Text.Json;
using PerfAssert.Load;

namespace PerfAssert.Functional.Reference;

/// <summary>The load worker's own input: a hand-written plan keeps the documented defaults, and one it cannot read is exit 2 with why.</summary>
public sealed class LoadWorkerInputTests
{
    [Fact]
    public void Plan_WithOnlyTheRequiredSettings_KeepsTheDocumentedDefaults()
    {
        var plan = JsonSerializer.Deserialize<LoadPlan>("""{"Name":"n","Target":"http://127.0.0.1:1/","Concurrency":1,"Requests":1}""", LoadWorkerJson.Options)!;

        Assert.Equal((TimeSpan.FromMinutes(3), TimeSpan.FromSeconds(30), "GET", "1.1", 200), (plan.Deadline, plan.RequestTimeout, plan.Method, plan.HttpVersion, plan.Expect.Status));
        Assert.Empty(plan.Problems());
    }

    [Theory]
    [InlineData("{not json", "The plan on standard input is not a LoadPlan in JSON:")]
    [InlineData("""{"Name":"n","Target":"http://127.0.0.1:1/","Concurrency":1,"Requests":1,"Duration":"00:00:01"}""", "The plan cannot run: exactly one of Requests and Duration must be set.")]
    public async Task Worker_PlanItCannotRun_ExitsWith2AndSaysWhy(string input, string message)
    {
        var start = new ProcessStartInfo("dotnet") { RedirectStandardInput = true, RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        start.ArgumentList.Add(LoadWorkerProcess.WorkerPath);
        using var worker = Process.Start(start)!;
        try
        {
            await worker.StandardInput.WriteAsync(input);
            worker.StandardInput.Close();
            var error = worker.StandardError.ReadToEndAsync(TestContext.Current.CancellationToken);
            await worker.WaitForExitAsync(TestContext.Current.CancellationToken).WaitAsync(TimeSpan.FromSeconds(30), TestContext.Current.CancellationToken);

            Assert.Equal(LoadWorkerProcess.BadPlanExitCode, worker.ExitCode);
            Assert.StartsWith(message, await error, StringComparison.Ordinal);
        }
        finally
        {
            if (!worker.HasExited)
            {
                worker.Kill(entireProcessTree: true);
            }
        }
    }
}
