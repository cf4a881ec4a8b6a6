using PerfAssert.Embedding.Tests.Support;

namespace PerfAssert.Embedding.Tests;

/// <summary>
/// A consumer on xUnit v2 (xunit 2.9.3, run by the VSTest adapter, as v2 projects are) on the packed PerfAssert.Xunit.V2:
/// one allocation budget that passes and one that bites, through a plain <c>dotnet test</c>. It shares the fixture's
/// packed packages; the samples cover xunit.v3 3.2.x and QuickstartXunitV3FourTests xunit.v3 4.0.x. Its budgets are
/// allocations, counted exactly, so it runs beside the other untimed classes (<see cref="UntimedLaneOne"/>).
/// </summary>
[Collection(UntimedLaneTwo.Name)]
public sealed class XunitV2ConsumerTests(PackedSample sample) : IDisposable
{
    private static readonly TimeSpan StepTimeout = TimeSpan.FromMinutes(6);
    private readonly DirectoryInfo _scratch = Directory.CreateTempSubdirectory("perfassert-xunit2-");

    [Fact]
    public async Task Consumer_OnXunitV2_RunsThroughDotnetTestAndItsBudgetBites()
    {
        var project = _scratch.FullName;
        await File.WriteAllTextAsync(Path.Combine(project, "NuGet.config"), $"""
            <?xml version="1.0" encoding="utf-8"?>
            <configuration>
              <packageSources>
                <clear />
                <add key="perfassert-local" value="{sample.Feed}" />
                <add key="nuget.org" value="https://api.nuget.org/v3/index.json" protocolVersion="3" />
              </packageSources>
            </configuration>
            """, TestContext.Current.CancellationToken);
        await File.WriteAllTextAsync(Path.Combine(project, "Consumer.V2.Tests.csproj"), $"""
            <Project Sdk="Microsoft.NET.Sdk">
              <PropertyGroup>
                <TargetFramework>net10.0</TargetFramework>
                <IsTestProject>true</IsTestProject>
                <Nullable>enable</Nullable>
                <ImplicitUsings>enable</ImplicitUsings>
              </PropertyGroup>
              <ItemGroup>
                <PackageReference Include="xunit" Version="2.9.3" />
                <PackageReference Include="xunit.runner.visualstudio" Version="3.1.5" PrivateAssets="all" />
                <PackageReference Include="Microsoft.NET.Test.Sdk" Version="18.0.1" />
                <PackageReference Include="PerfAssert.Xunit.V2" Version="{sample.Version}" />
              </ItemGroup>
              <ItemGroup>
                <Using Include="Xunit" />
              </ItemGroup>
            </Project>
            """, TestContext.Current.CancellationToken);
        await File.WriteAllTextAsync(Path.Combine(project, "JoinTests.cs"), JoinTestsSource.Text("PerfAssert.Xunit.V2", "Consumer.V2.Tests", "\n[assembly: CollectionBehavior(DisableTestParallelization = true)]\n"), TestContext.Current.CancellationToken);

        var results = Path.Combine(project, "results");
        var run = await Dotnet.RunAsync(project, PackedSample.Environment(ci: true), StepTimeout, "test", "-c", "Release", "--logger", "trx", "--results-directory", results);

        TestContext.Current.TestOutputHelper?.WriteLine(run.Output);
        Assert.True(run.ExitCode != 0 && !run.TimedOut, run.Describe());
        Assert.Equal(new TrxCounters(2, 1, 1), TrxCounters.Read(results));
        Assert.Contains("Regression", run.Output, StringComparison.Ordinal);
        Assert.Contains($"\"PerfAssert.Xunit.V2/{sample.Version}\"", await File.ReadAllTextAsync(Path.Combine(project, "obj", "project.assets.json"), TestContext.Current.CancellationToken), StringComparison.Ordinal);
    }

    public void Dispose()
    {
        _scratch.Refresh();
        if (_scratch.Exists)
        {
            _scratch.Delete(recursive: true);
        }
    }
}
