using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.Matrix;

/// <summary>The echo matrix for every stack that runs on TestServer, on one in-memory host for the whole class.</summary>
public sealed class InMemoryEchoMatrixTests(InMemoryTargetsFixture fixture) : IClassFixture<InMemoryTargetsFixture>
{
    public static TheoryData<string, MatrixPayload, int> Cases => EchoMatrix.Cases(inMemory: true);

    [Theory]
    [MemberData(nameof(Cases))]
    public Task Echo_StackPayloadCount_ReturnsEveryItemExactly(string stack, MatrixPayload payload, int count) =>
        EchoMatrix.AssertRoundTripAsync(fixture.Endpoints, stack, payload, count);
}
