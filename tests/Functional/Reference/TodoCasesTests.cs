using PerfAssert.Functional.Hosting;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Reference;

namespace PerfAssert.Functional.Reference;

/// <summary>Every case of the todo operations experiment runs on loopback and checks its answer, as the main job runs it.</summary>
public sealed class TodoCasesTests(LoopbackTargetsFixture fixture) : IClassFixture<LoopbackTargetsFixture>
{
    public static TheoryData<string> Cases => [.. TodoCases.All.Select(c => c.Name)];

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Case_RunTwice_AnswersTheExpectedCount(string name)
    {
        using var cts = Bounded.Within();
        await using var opened = ReferenceCatalog.Open(name, fixture.Endpoints);

        await opened.Operation(cts.Token);
        await opened.Operation(cts.Token);
    }

    [Fact]
    public void All_HasGrpcStreamingGetAndSendAtOneAndTenClients()
    {
        Assert.Equal(
            ["TodoGetGrpcStreaming-c1", "TodoGetGrpcStreaming-c10", "TodoSendGrpcStreaming-c1", "TodoSendGrpcStreaming-c10"],
            TodoCases.All.Select(c => c.Name).Where(n => n.Contains(TodoCases.GrpcStreaming, StringComparison.Ordinal)));
        Assert.Equal(36, TodoCases.All.Count);
        Assert.Equal(TodoCases.All.Count, TodoCases.All.Select(c => c.Name).Distinct().Count());
    }
}
