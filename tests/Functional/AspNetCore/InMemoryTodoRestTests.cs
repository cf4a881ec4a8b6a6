using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.AspNetCore;

public sealed class InMemoryTodoRestTests(InMemoryTargetsFixture fixture) : TodoRestTests(fixture), IClassFixture<InMemoryTargetsFixture>;
