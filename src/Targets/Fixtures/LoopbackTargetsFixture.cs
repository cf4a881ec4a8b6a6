using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Fixtures;

/// <summary>Every module of <see cref="TargetModules.All"/> on real Kestrel, 127.0.0.1, OS-chosen ports.</summary>
public sealed class LoopbackTargetsFixture() : TargetsFixture(new TargetHostOptions());
