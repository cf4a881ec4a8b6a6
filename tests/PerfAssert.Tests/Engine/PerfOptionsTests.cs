namespace PerfAssert.Tests.Engine;

public sealed class PerfOptionsTests
{
    public static TheoryData<PerfOptions, string> OutOfRange => new()
    {
        { new PerfOptions { TargetSampleTime = TimeSpan.Zero }, nameof(PerfOptions.TargetSampleTime) },
        { new PerfOptions { MinBlocks = 2 }, nameof(PerfOptions.MinBlocks) },
        { new PerfOptions { MinBlocks = 16, MaxBlocks = 8 }, nameof(PerfOptions.MaxBlocks) },
        { new PerfOptions { ConfidenceLevel = 1.0 }, nameof(PerfOptions.ConfidenceLevel) },
        { new PerfOptions { ConfidenceLevel = double.NaN }, nameof(PerfOptions.ConfidenceLevel) },
        { new PerfOptions { NoiseFloor = -0.01 }, nameof(PerfOptions.NoiseFloor) },
        { new PerfOptions { AllocationRepeats = 0 }, nameof(PerfOptions.AllocationRepeats) },
        { new PerfOptions { OperationTimeout = TimeSpan.FromSeconds(-1) }, nameof(PerfOptions.OperationTimeout) },
        { new PerfOptions { MaxTimePerPass = TimeSpan.Zero }, nameof(PerfOptions.MaxTimePerPass) },
        { new PerfOptions { AllocationSettleTime = TimeSpan.FromSeconds(-1) }, nameof(PerfOptions.AllocationSettleTime) },
        { new PerfOptions { BuildPairs = 0 }, nameof(PerfOptions.BuildPairs) },
        { new PerfOptions { BuildExtensionPairs = -1 }, nameof(PerfOptions.BuildExtensionPairs) },
        { new PerfOptions { BuildExtensionPairs = 33 }, nameof(PerfOptions.BuildExtensionPairs) },
        { new PerfOptions { BuildExtensions = -1 }, nameof(PerfOptions.BuildExtensions) },
        { new PerfOptions { BuildPairSpread = -0.01 }, nameof(PerfOptions.BuildPairSpread) },
        { new PerfOptions { BuildPairSpread = double.NaN }, nameof(PerfOptions.BuildPairSpread) },
        { new PerfOptions { BuildPairSpreadWeight = -1 }, nameof(PerfOptions.BuildPairSpreadWeight) },
    };

    [Theory]
    [MemberData(nameof(OutOfRange))]
    public void Validate_OutOfRange_ThrowsNamingTheSetting(PerfOptions options, string setting)
    {
        var error = Assert.Throws<ArgumentOutOfRangeException>(options.Validate);
        Assert.Equal(setting, error.ParamName);
        Assert.Contains(setting, error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Validate_Defaults_AreValid()
    {
        new PerfOptions().Validate();
    }
}
