using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.AspNetCore;

public sealed class LoopbackTodoRestTests(LoopbackTargetsFixture fixture) : TodoRestTests(fixture), IClassFixture<LoopbackTargetsFixture>;
