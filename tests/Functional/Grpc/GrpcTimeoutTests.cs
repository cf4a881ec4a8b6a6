using PerfAssert.Targets.Services.Grpc.Core;

namespace PerfAssert.Functional.Grpc;

public sealed class GrpcTimeoutTests
{
    [Theory]
    [InlineData(1, "1000u")]
    [InlineData(30_000, "30000000u")]
    [InlineData(100_000, "100000m")]
    [InlineData(200_000_000, "200000S")]
    public void Format_Milliseconds_UsesTheFinestUnitThatFitsEightDigits(long milliseconds, string expected) =>
        Assert.Equal(expected, GrpcTimeout.Format(TimeSpan.FromMilliseconds(milliseconds)));

    [Fact]
    public void Format_SubMicrosecond_RoundsUp() => Assert.Equal("1u", GrpcTimeout.Format(TimeSpan.FromTicks(1)));

    [Theory]
    [InlineData("2H", 7_200_000)]
    [InlineData("3M", 180_000)]
    [InlineData("5S", 5_000)]
    [InlineData("250m", 250)]
    [InlineData("1000u", 1)]
    [InlineData("1000000n", 1)]
    public void TryParse_EveryUnit_ReadsTheTimeout(string value, long milliseconds)
    {
        Assert.True(GrpcTimeout.TryParse(value, out var timeout));
        Assert.Equal(TimeSpan.FromMilliseconds(milliseconds), timeout);
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("5")]
    [InlineData("5s")]
    [InlineData("-5S")]
    [InlineData("123456789S")]
    public void TryParse_NotAProtocolValue_ReturnsFalse(string? value) => Assert.False(GrpcTimeout.TryParse(value, out _));
}
