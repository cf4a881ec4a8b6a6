using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.Matrix;

/// <summary>The echo matrix for the stacks that need sockets (NetTcp, gRPC), on one loopback host for the whole class.</summary>
public sealed class LoopbackEchoMatrixTests(LoopbackTargetsFixture fixture) : IClassFixture<LoopbackTargetsFixture>
{
    public static TheoryData<string, MatrixPayload, int> Cases => EchoMatrix.Cases(inMemory: false);

    [Theory]
    [MemberData(nameof(Cases))]
    public Task Echo_StackPayloadCount_ReturnsEveryItemExactly(string stack, MatrixPayload payload, int count) =>
        EchoMatrix.AssertRoundTripAsync(fixture.Endpoints, stack, payload, count);
}
