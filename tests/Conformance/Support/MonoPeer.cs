namespace PerfAssert.Conformance.Support;

/// <summary>
/// Mono's WCF as a peer: compiles <c>Peers/mono_wcf_peer.cs</c> once per test class with Debian's <c>mcs</c> against
/// Mono's System.ServiceModel, into a temporary folder deleted afterwards. Without Mono the tests fail with the command
/// that installs it, which the README's test command (tools/test.sh) runs.
/// </summary>
public sealed class MonoPeer : IAsyncLifetime
{
    /// <summary>What tools/test.sh installs: the runtime, the compiler and Mono's WCF, nothing more of mono-complete.</summary>
    public const string InstallCommand = "sudo apt-get update && sudo apt-get install -y --no-install-recommends mono-runtime mono-mcs libmono-system-servicemodel4.0a-cil libmono-system-servicemodel-web4.0-cil";

    private const string Mono = "/usr/bin/mono";
    private const string Compiler = "/usr/bin/mcs";
    private readonly string _folder = Path.Combine(Path.GetTempPath(), "perfassert-mono-peer-" + Guid.NewGuid().ToString("N")[..8]);

    private string Program => Path.Combine(_folder, "mono_wcf_peer.exe");

    public async ValueTask InitializeAsync()
    {
        foreach (var tool in new[] { Mono, Compiler })
        {
            if (!File.Exists(tool))
            {
                Assert.Fail($"{tool} is missing: the WCF peer needs Mono's runtime, compiler and System.ServiceModel. Install them with: {InstallCommand} (tools/test.sh does this before the tests).");
            }
        }

        Directory.CreateDirectory(_folder);
        // mcs looks for a reference in its working directory before Mono's own: run from the test output folder, it would
        // take the System.ServiceModel.dll that dotnet/wcf's client (RealWcfClientTests) puts there, a facade forwarding
        // to assemblies Mono has not got. So it compiles in the peer's own folder.
        await using var compile = PeerProcess.Start(Compiler,
            ["-nologo", "-warn:0", $"-out:{Program}", "-r:System.ServiceModel.dll", "-r:System.ServiceModel.Web.dll", "-r:System.Runtime.Serialization.dll", "-r:System.Xml.dll", "-r:System.IdentityModel.dll", PeerProcess.Program("mono_wcf_peer.cs")],
            workingDirectory: _folder);
        var exit = await compile.WaitForExitAsync(TimeSpan.FromSeconds(120));
        Assert.True(exit == 0 && File.Exists(Program),
            $"mcs could not compile the Mono WCF peer (exit {exit}); is Mono's System.ServiceModel installed? ({InstallCommand}){Environment.NewLine}{compile.Output}");
    }

    /// <summary>Runs the peer as a client to the end; fails unless it exits 0 having reported no failures.</summary>
    public async Task<string> RunClientAsync(string binding, string address, TimeSpan timeout)
    {
        await using var process = Start(["client", binding, address]);
        var exit = await process.WaitForExitAsync(timeout);
        TestContext.Current.TestOutputHelper?.WriteLine(process.Output);
        Assert.True(exit == 0, $"Mono's WCF client ({binding}) failed (exit {exit}):{Environment.NewLine}{process.Output}");
        Assert.Contains($"mono-wcf {binding}: ", process.Output, StringComparison.Ordinal);
        Assert.Contains(" checks, 0 failures", process.Output, StringComparison.Ordinal);
        return process.Output;
    }

    internal PeerProcess Start(IEnumerable<string> arguments) => PeerProcess.Start(Mono, [Program, .. arguments]);

    public ValueTask DisposeAsync()
    {
        try
        {
            Directory.Delete(_folder, recursive: true);
        }
        catch (DirectoryNotFoundException)
        {
        }

        return ValueTask.CompletedTask;
    }
}
