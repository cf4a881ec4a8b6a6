using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.AspNetCore;

public sealed class InMemoryEchoRoundTripTests(InMemoryTargetsFixture fixture) : EchoRoundTripTests(fixture), IClassFixture<InMemoryTargetsFixture>;
