using PerfAssert.Baselines;
using PerfAssert.Tests.Support;

namespace PerfAssert.Tests.Tool;

/// <summary>
/// <c>perfassert baseline build</c> building a real git repository's commits with the .NET SDK (a web project; 4 to 10 s a
/// test, most of the time of <see cref="BaselineCommandTests"/> until 2026-11-30, whose other tests take milliseconds). The
/// dot-slash spelling of the project is checked on the cached build the first test made; it had a test and a build of its own.
/// </summary>
public sealed class BaselineBuildCommandTests : IDisposable
{
    private readonly GitScratch _repository = new();

    [Fact]
    public async Task Build_ReferenceCommit_BuildsItOnceThenSaysCached_AlsoForTheProjectSpelledWithDotSlash()
    {
        var commit = _repository.Commit("first");
        new BaselineReference(commit).Write(Store());

        var (first, output, error) = await RunAsync("baseline", "build", "--project", GitScratch.Project, "--baselines", _repository.Baselines);
        var (second, again, _) = await RunAsync("baseline", "build", "--project", GitScratch.Project, "--baselines", _repository.Baselines);
        var (third, spelled, _) = await RunAsync("baseline", "build", "--project", "./" + GitScratch.Project, "--baselines", _repository.Baselines);

        Assert.True(first == 0, error);
        Assert.Contains($"{GitScratch.Project} at {commit}: built in ", output, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(_repository.Root, "artifacts", "baseline-builds", commit, "src_Web_Web.csproj", "Web.dll")), output);
        Assert.Equal(0, second);
        Assert.Contains(": cached in ", again, StringComparison.Ordinal);
        Assert.Equal(0, third);
        Assert.Contains(": cached in ", spelled, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Build_TwoProjectsAtCommitOption_BuildsEachThenSaysBothCached()
    {
        const string Api = "src/Api/Api.csproj";
        _repository.Write(Api, "<Project Sdk=\"Microsoft.NET.Sdk.Web\">\n  <PropertyGroup>\n    <TargetFramework>net10.0</TargetFramework>\n    <ImplicitUsings>enable</ImplicitUsings>\n  </PropertyGroup>\n</Project>\n");
        _repository.Write("src/Api/Program.cs", "var app = WebApplication.CreateBuilder(args).Build();\napp.MapGet(\"/\", () => \"api\");\napp.Run();\n");
        var commit = _repository.Commit("two services");
        _repository.Commit("later");

        var (first, output, error) = await RunAsync("baseline", "build", "--project", GitScratch.Project, "--project", Api, "--commit", "HEAD~1", "--baselines", _repository.Baselines);
        var (second, again, _) = await RunAsync("baseline", "build", "--project", GitScratch.Project, "--project", Api, "--commit", commit[..10], "--baselines", _repository.Baselines);

        Assert.True(first == 0, error);
        Assert.Contains($"{GitScratch.Project} at {commit}: built in ", output, StringComparison.Ordinal);
        Assert.Contains($"{Api} at {commit}: built in ", output, StringComparison.Ordinal);
        Assert.True(File.Exists(Path.Combine(_repository.Root, "artifacts", "baseline-builds", commit, "src_Web_Web.csproj", "Web.dll")), output);
        Assert.True(File.Exists(Path.Combine(_repository.Root, "artifacts", "baseline-builds", commit, "src_Api_Api.csproj", "Api.dll")), output);
        Assert.Equal(0, second);
        Assert.Contains($"{GitScratch.Project} at {commit}: cached in ", again, StringComparison.Ordinal);
        Assert.Contains($"{Api} at {commit}: cached in ", again, StringComparison.Ordinal);
    }

    [Fact]
    public async Task Build_SecondProjectMissingAtCommit_BuildsTheFirstThenExitsTwoNamingTheSecond()
    {
        var commit = _repository.Commit("first");
        new BaselineReference(commit).Write(Store());

        var (code, output, error) = await RunAsync("baseline", "build", "--project", GitScratch.Project, "--project", "src/Gone/Gone.csproj", "--baselines", _repository.Baselines);

        Assert.Equal(2, code);
        Assert.Contains($"{GitScratch.Project} at {commit}: built in ", output, StringComparison.Ordinal);
        Assert.Contains($"commit {commit} has no project src/Gone/Gone.csproj", error, StringComparison.Ordinal);
    }

    public void Dispose() => _repository.Dispose();

    private BaselineStore Store() => new(_repository.Baselines);

    // As CI runs it, where the reference build is made before the tests.
    private static Task<(int Code, string Output, string Error)> RunAsync(params string[] args) => BaselineCommandTests.RunAsync(ci: true, args);
}
