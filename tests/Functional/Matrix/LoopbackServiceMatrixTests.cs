using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.Matrix;

/// <summary>GetDataStream and the todo operations for the stacks that need sockets (NetTcp, gRPC), on one loopback host.</summary>
public sealed class LoopbackServiceMatrixTests(LoopbackTargetsFixture fixture) : IClassFixture<LoopbackTargetsFixture>
{
    public static TheoryData<string, int, int> DataStreamCases => ServiceMatrix.DataStreamCases(inMemory: false);

    public static TheoryData<string, string> TodoCases => ServiceMatrix.TodoCases(inMemory: false);

    [Theory]
    [MemberData(nameof(DataStreamCases))]
    public Task GetDataStream_StackRange_ReturnsTheSeededCompositeList(string stack, int min, int max) =>
        ServiceMatrix.AssertDataStreamAsync(fixture.Endpoints, stack, min, max);

    [Theory]
    [MemberData(nameof(TodoCases))]
    public Task Todo_StackOperation_AnswersExactly(string stack, string operation) =>
        ServiceMatrix.AssertTodoAsync(fixture.Endpoints, stack, operation);
}
