using System.Security.Cryptography;
using System.Text;

namespace PerfAssert.History;

/// <summary>
/// One test's result as the store keeps it: the operation's identity, the figures, the verdicts, and the hash of the
/// result file it came from, which keys it (the same file recorded twice is one result).
/// </summary>
internal sealed record RecordedResult(OperationIdentity Operation, string ContentHash, PerfResult Result)
{
    /// <summary>Correctly answered requests per second, for a result measured under load (the reference suite's throughput rows).</summary>
    public double? RequestsPerSecond { get; init; }

    public string? Baseline => Result.BaselineFile is { } file && Result.BaselineId is { } id ? BaselineSubject(file, id) : null;

    public static RecordedResult From(PerfResult result, string fileText) =>
        new(OperationIdentity.Of(result), Hash(fileText), result);

    /// <summary>The subject an accepted baseline entry is annotated under: its file (without .json) and id.</summary>
    public static string BaselineSubject(string file, string id) => $"{file}/{id}";

    public static string Hash(string text) => Convert.ToHexStringLower(SHA256.HashData(Encoding.UTF8.GetBytes(text)));
}

/// <summary>An operation across runs: the test assembly, the test (with a theory's arguments) and the operation's name.</summary>
internal sealed record OperationIdentity(string Assembly, string Test, string Name)
{
    /// <summary>One string for the three parts (a unique key in the store).</summary>
    public string Key => $"{Assembly}|{Test}|{Name}";

    /// <summary>How reports title the operation: the test, and the operation when the test's name does not say it.</summary>
    public string Title => Test.Length == 0 ? Name : Test.EndsWith(Name, StringComparison.Ordinal) ? Test : $"{Test} / {Name}";

    public static OperationIdentity Of(PerfResult result) => new(result.Assembly ?? string.Empty, result.Test ?? string.Empty, result.Name);
}
