using Xunit.Sdk;

namespace PerfAssert.Conformance.Support;

/// <summary>A peer that is not installed fails its test with the command that installs it; it is never skipped.</summary>
public sealed class PeerProcessTests
{
    [Fact]
    public async Task RequirePythonModule_Missing_FailsWithTheInstallCommand()
    {
        var error = await Assert.ThrowsAnyAsync<XunitException>(() => PeerProcess.RequirePythonModuleAsync("perfassert_no_such_module", "python3-perfassert-no-such-package"));

        Assert.Contains("sudo apt-get install -y python3-perfassert-no-such-package", error.Message, StringComparison.Ordinal);
        Assert.Contains("tools/test.sh", error.Message, StringComparison.Ordinal);
    }
}
