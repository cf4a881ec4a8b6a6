using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.AspNetCore;

public sealed class InMemoryBadInputTests(InMemoryTargetsFixture fixture) : BadInputTests(fixture), IClassFixture<InMemoryTargetsFixture>;
