using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.AspNetCore;

public sealed class LoopbackEchoRoundTripTests(LoopbackTargetsFixture fixture) : EchoRoundTripTests(fixture), IClassFixture<LoopbackTargetsFixture>;
