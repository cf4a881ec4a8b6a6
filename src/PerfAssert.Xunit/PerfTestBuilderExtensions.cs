using Xunit;
using PerfAssert.Reporting;

namespace PerfAssert.Xunit;

/// <summary>Runs a PerfAssert test inside an xUnit v3 test: output, attachment, warnings, cancellation and failure.</summary>
public static class PerfTestBuilderExtensions
{
    /// <summary>
    /// Measures and judges with the test's cancellation token; writes the verdicts and measurements to the test output,
    /// attaches the result as JSON, adds a warning for each Inconclusive or advisory verdict, and throws
    /// <see cref="PerfBudgetException"/> when a budget fails.
    /// </summary>
    public static async Task<PerfResult> AssertAsync(this PerfTestBuilder builder)
    {
        ArgumentNullException.ThrowIfNull(builder);
        var context = TestContext.Current;
        var result = await builder.RunAsync(context.CancellationToken).ConfigureAwait(false);
        // Named after the test as well as the operation: several tests may measure the same operation. The assembly keeps
        // same-named tests of two test projects apart in the performance history.
        result = result with
        {
            Test = context.Test?.TestDisplayName,
            Assembly = context.TestAssembly?.AssemblyName is { } assembly ? new System.Reflection.AssemblyName(assembly).Name : null,
        };
        Report(result, context);
        await ResultFiles.WriteAsync(result, context.CancellationToken).ConfigureAwait(false);
        if (await ResultHistory.RecordAsync(result, context.CancellationToken).ConfigureAwait(false) is { } notRecorded)
        {
            context.AddWarning(notRecorded);
        }

        if (result.Failed)
        {
            throw new PerfBudgetException(result);
        }

        return result;
    }

    /// <summary>Writes a result to a test context without judging it.</summary>
    public static void Report(PerfResult result, ITestContext context)
    {
        ArgumentNullException.ThrowIfNull(result);
        ArgumentNullException.ThrowIfNull(context);
        context.TestOutputHelper?.WriteLine(ResultText.Format(result));
        if (context.Test is not null)
        {
            context.AddAttachment($"perfassert-{result.Name}", PerfJson.Serialize(result), replaceExistingValue: true);
        }

        foreach (var verdict in result.Verdicts.Where(v => v.Warns(result.Strict)))
        {
            context.AddWarning(verdict.Message);
        }
    }
}
