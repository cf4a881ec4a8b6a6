using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.AspNetCore;

public sealed class InMemoryThroughputTests(InMemoryTargetsFixture fixture) : ThroughputTests(fixture), IClassFixture<InMemoryTargetsFixture>;
