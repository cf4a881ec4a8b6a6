using PerfAssert.ReferenceSuite.Report;

namespace PerfAssert.Tests.ReferenceSuiteReport;

public sealed class ReferenceCaseNameTests
{
    [Fact]
    public void TryParse_ReferenceShape_SplitsSizeStackAndItems()
    {
        Assert.True(ReferenceCaseName.TryParse("LargeAspNetCoreMinimalStj-100", out var name));

        Assert.Equal(new ReferenceCaseName("Large", "AspNetCoreMinimalStj", 100), name);
        Assert.Equal("LargeAspNetCoreMinimalStj", name.Method);
        Assert.Equal("Large-100", name.Case);
        Assert.Equal("LargeAspNetCoreMinimalStj-100", name.ToString());
    }

    [Theory]
    [InlineData(null)]
    [InlineData("")]
    [InlineData("FloorTcpEcho")]
    [InlineData("MediumWcfText-10")]
    [InlineData("SmallWcfText")]
    [InlineData("SmallWcfText-")]
    [InlineData("SmallWcfText--1")]
    [InlineData("Small-10")]
    [InlineData("Smallwcf-10")]
    [InlineData("SmallWcfText-10000000000")]
    [InlineData("SmallWcf Text-10")]
    public void TryParse_OtherShape_IsFalse(string? text)
    {
        Assert.False(ReferenceCaseName.TryParse(text, out var name));
        Assert.Null(name);
    }
}
