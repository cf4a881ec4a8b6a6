using System.Runtime.CompilerServices;
using PerfAssert.Reporting;
using Xunit.Abstractions;

namespace PerfAssert.Xunit.V2;

/// <summary>Runs a PerfAssert test inside an xUnit v2 test: output, results file and failure.</summary>
public static class PerfTestBuilderExtensions
{
    /// <summary>The prefix of lines that xUnit v3 would report as warnings; v2 has no warnings, so they go to the output.</summary>
    public const string WarningPrefix = "warning: ";

    /// <summary>
    /// Measures and judges; writes the verdicts and measurements to <paramref name="output"/> with a
    /// <see cref="WarningPrefix"/> line for each Inconclusive or advisory verdict, writes the result as JSON (see
    /// <see cref="ResultFiles"/>), and throws <see cref="PerfBudgetException"/> when a budget fails.
    /// </summary>
    /// <param name="builder">The performance test.</param>
    /// <param name="output">The test's output helper (inject <see cref="ITestOutputHelper"/> into the test class); <see langword="null"/> writes no output.</param>
    /// <param name="cancellationToken">Cancels the measurement; xUnit v2 has no per-test token of its own.</param>
    /// <param name="testMethod">The calling test method, filled in by the compiler; with <paramref name="testFile"/> it names
    /// the results file, since xUnit v2 tells a running test nothing about itself.</param>
    /// <param name="testFile">The calling test's source file, filled in by the compiler.</param>
    public static async Task<PerfResult> AssertAsync(
        this PerfTestBuilder builder,
        ITestOutputHelper? output = null,
        CancellationToken cancellationToken = default,
        [CallerMemberName] string testMethod = "",
        [CallerFilePath] string testFile = "")
    {
        ArgumentNullException.ThrowIfNull(builder);
        var result = await builder.RunAsync(cancellationToken).ConfigureAwait(false);
        // Named after the test as well as the operation: several tests may measure the same operation. The file name
        // stands in for the class (the convention is one class per file); a theory's cases differ by their operations.
        result = result with { Test = string.IsNullOrEmpty(testMethod) ? null : $"{Path.GetFileNameWithoutExtension(testFile.Replace('\\', '/').Split('/')[^1])}.{testMethod}" };
        Report(result, output);
        await ResultFiles.WriteAsync(result, cancellationToken).ConfigureAwait(false);
        if (await ResultHistory.RecordAsync(result, cancellationToken).ConfigureAwait(false) is { } notRecorded)
        {
            output?.WriteLine(WarningPrefix + notRecorded);
        }

        if (result.Failed)
        {
            throw new PerfBudgetException(result);
        }

        return result;
    }

    /// <summary>Writes a result to a test's output without judging it: the result text, then one warning line per Inconclusive or advisory verdict.</summary>
    public static void Report(PerfResult result, ITestOutputHelper? output)
    {
        ArgumentNullException.ThrowIfNull(result);
        if (output is null)
        {
            return;
        }

        output.WriteLine(ResultText.Format(result));
        foreach (var verdict in result.Verdicts.Where(v => v.Warns(result.Strict)))
        {
            output.WriteLine(WarningPrefix + verdict.Message);
        }
    }
}
