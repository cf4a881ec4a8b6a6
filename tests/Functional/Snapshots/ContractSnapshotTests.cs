using PerfAssert.Functional.Support;
using PerfAssert.Targets.Services.Todos;
using PerfAssert.Targets.Services.Wcf;

namespace PerfAssert.Functional.Snapshots;

/// <summary>
/// The service contracts as reviewed text: the <c>.proto</c> files of the gRPC targets and the operations, actions,
/// namespaces and data contracts of the WCF stand-in. A contract change then shows up as a diff in review.
/// </summary>
public sealed class ContractSnapshotTests
{
    private static readonly string[] Protos = ["data_stream.proto", "echo.proto", "payloads.proto", "todos.proto"];

    public static TheoryData<string> ProtoFiles => [.. Protos];

    [Theory]
    [MemberData(nameof(ProtoFiles))]
    public void ProtoFile_Text_MatchesTheVerifiedContract(string file)
    {
        var path = SourceTree.RepositoryFile(Path.Combine("src", "Targets", "Protos", file));

        Snapshot.Verify(File.ReadAllText(path), "Snapshots/Contracts", Path.GetFileNameWithoutExtension(file) + ".proto");
    }

    [Fact]
    public void ProtoFolder_EveryFile_HasASnapshot()
    {
        var folder = SourceTree.RepositoryFile(Path.Combine("src", "Targets", "Protos"));

        var files = Directory.GetFiles(folder, "*.proto").Select(Path.GetFileName).Order(StringComparer.Ordinal);

        Assert.Equal(Protos, files);
    }

    [Fact]
    public void WcfContract_Metadata_MatchesTheVerifiedDescription() =>
        Snapshot.Verify(WcfContractText.Render(new WcfService(new TodoStore())), "Snapshots/Contracts", "WcfContract");
}
