namespace PerfAssert.Targets.Hosting;

/// <summary>How <see cref="TargetHost"/> runs the targets.</summary>
public sealed record TargetHostOptions
{
    /// <summary>The modules to serve. <value>The default is every module in <see cref="TargetModules.All"/>.</value></summary>
    public IReadOnlyList<ITargetModule> Modules { get; init; } = TargetModules.All;

    /// <summary>
    /// Run on <c>TestServer</c> instead of sockets: fast, no raw TCP; gRPC answers through the in-memory handler (no h2c endpoint).
    /// <value>The default is <see langword="false"/>: real Kestrel on 127.0.0.1 with OS-chosen ports.</value>
    /// </summary>
    public bool InMemory { get; init; }

    /// <summary>How long start-up may take before it fails with the host's log. <value>The default is 30 seconds.</value></summary>
    public TimeSpan StartTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>A deliberate regression in the minimal API System.Text.Json target and the minimal API throughput GET. <value>The default is <see cref="FaultInjection.None"/>.</value></summary>
    public FaultInjection Faults { get; init; } = FaultInjection.None;

    /// <summary>The lowest log level kept for failure messages. <value>The default is <see cref="LogLevel.Warning"/>.</value></summary>
    public LogLevel MinimumLogLevel { get; init; } = LogLevel.Warning;
}
