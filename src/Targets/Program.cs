using PerfAssert.Targets.Hosting;

// Standalone host: starts every target on loopback and prints its endpoints for curl, wrk, ab or grpcurl.
// Faults__ExtraAllocationBytes / Faults__ExtraWorkIterations inject a deliberate regression (tests show budgets bite).
await using var host = await TargetHost.StartAsync(new TargetHostOptions { Faults = FaultInjection.FromEnvironment() });
Console.WriteLine($"HTTP/1.1: {host.Endpoints.Http}");
Console.WriteLine($"HTTP/2 (h2c, gRPC): {host.Endpoints.Http2}");
foreach (var (name, endpoint) in host.Endpoints.Tcp)
{
    Console.WriteLine($"TCP {name}: {endpoint}");
}

foreach (var module in TargetModules.All)
{
    Console.WriteLine($"== {module.Name}");
    foreach (var line in module.Describe(host.Endpoints))
    {
        Console.WriteLine("  " + line);
    }
}

Console.WriteLine("Press Ctrl+C to stop.");
await host.WaitForShutdownAsync();
