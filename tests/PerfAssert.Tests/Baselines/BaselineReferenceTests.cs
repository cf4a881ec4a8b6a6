using PerfAssert.Baselines;
using PerfAssert.Tests.Support;

namespace PerfAssert.Tests.Baselines;

/// <summary>baselines/reference.json: read strictly, written atomically, never on CI, never mistaken for a test class's file.</summary>
public sealed class BaselineReferenceTests : IDisposable
{
    private const string Commit = "89abcdef0123456789abcdef0123456789abcdef";
    private readonly TempDirectory _temp = new();

    [Fact]
    public void Read_NoFile_IsNull() => Assert.Null(BaselineReference.Read(Store()));

    [Fact]
    public void Write_ThenRead_GivesTheCommitBack()
    {
        var store = Store();
        new BaselineReference(Commit).Write(store);

        Assert.Equal(Commit, BaselineReference.Read(store)!.Commit);
        Assert.Equal("89abcdef0123", BaselineReference.Read(store)!.ShortCommit);
        Assert.Equal($"{{\n  \"schemaVersion\": 1,\n  \"commit\": \"{Commit}\"\n}}\n", File.ReadAllText(BaselineReference.PathIn(store)));
    }

    [Theory]
    [InlineData("{ \"schemaVersion\": 1, \"commit\": \"89abcdef\" }", "full 40-character commit id")]
    [InlineData("{ \"schemaVersion\": 2, \"commit\": \"89abcdef0123456789abcdef0123456789abcdef\" }", "schema version 2")]
    [InlineData("{ not json", "is not valid JSON")]
    public void Read_BadFile_ThrowsNamingTheFileAndTheCommandThatWritesIt(string json, string expected)
    {
        var store = Store();
        File.WriteAllText(BaselineReference.PathIn(store), json);

        var error = Assert.Throws<BaselineException>(() => BaselineReference.Read(store));

        Assert.Contains("baselines/reference.json", error.Message, StringComparison.Ordinal);
        Assert.Contains(expected, error.Message, StringComparison.Ordinal);
        Assert.Contains("perfassert baseline move", error.Message, StringComparison.Ordinal);
    }

    [Fact]
    public void Write_OnCi_IsRefusedAndWritesNothing()
    {
        var store = new BaselineStore(_temp.Sub("baselines"), _temp.Sub("candidates"), ci: true);

        var error = Assert.Throws<InvalidOperationException>(() => new BaselineReference(Commit).Write(store));

        Assert.Contains("never moves on CI", error.Message, StringComparison.Ordinal);
        Assert.False(File.Exists(BaselineReference.PathIn(store)));
    }

    [Fact]
    public void BaselineFiles_WithAReferenceFile_ListsOnlyTestClassFiles()
    {
        var store = Store();
        new BaselineReference(Commit).Write(store);
        File.WriteAllText(store.PathOf("Api"), "{}");
        File.WriteAllText(store.CandidatePathOf("Api"), "{}");

        Assert.Equal([store.PathOf("Api")], store.BaselineFiles());
    }

    [Fact]
    public void PathOf_TheReferenceFileName_IsRejected()
    {
        var error = Assert.Throws<ArgumentException>(() => Store().PathOf("reference"));

        Assert.Contains("holds the reference commit", error.Message, StringComparison.Ordinal);
    }

    public void Dispose() => _temp.Dispose();

    private BaselineStore Store() => new(_temp.Sub("baselines"));
}
