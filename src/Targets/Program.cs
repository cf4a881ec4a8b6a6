using PerfAssert.Targets.Hosting;

// Standalone host: starts the targets on loopback and prints their endpoints for curl, wrk, ab or grpcurl.
await using var host = await TargetHost.StartAsync();
Console.WriteLine($"Minimal API (System.Text.Json): POST {host.BaseAddress}minimal/stj/small and /large");
Console.WriteLine("Press Ctrl+C to stop.");
var stopped = new TaskCompletionSource();
Console.CancelKeyPress += (_, e) =>
{
    e.Cancel = true;
    stopped.TrySetResult();
};
await stopped.Task;
