using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Fixtures;

/// <summary>Every module of <see cref="TargetModules.All"/> on TestServer: HTTP/1.1 only, no sockets.</summary>
public sealed class InMemoryTargetsFixture() : TargetsFixture(new TargetHostOptions { InMemory = true });
