namespace PerfAssert.Assertions.Tests;

/// <summary>
/// Real results from the engine, measured once for the assembly: allocation budgets are exact, so one extra
/// <c>new object()</c> per operation against an otherwise identical partner is a Regression and identical operations Pass.
/// </summary>
public sealed class MeasuredResults : IAsyncLifetime
{
    private static object? _sink;

    public PerfResult Regressing { get; private set; } = null!;

    public PerfResult Passing { get; private set; } = null!;

    public async ValueTask InitializeAsync()
    {
        Regressing = await Perf.Measure("with extra object", () => { _sink = new object(); _sink = Work(); })
            .ComparedTo("without", () => { _sink = Work(); })
            .AllocatedBytesAtMostPartner()
            // The assertions' text is the question: no diagnosis after the Regression (this project has no recorder, and
            // its line would only say so).
            .WithOptions(o => o with { Diagnosis = PerfAssert.Diagnosis.DiagnosisMode.Never })
            .RunAsync(TestContext.Current.CancellationToken);
        Passing = await Perf.Measure("same", () => { _sink = Work(); })
            .ComparedTo("partner", () => { _sink = Work(); })
            .AllocatedBytesAtMostPartner()
            .RunAsync(TestContext.Current.CancellationToken);
    }

    public ValueTask DisposeAsync() => ValueTask.CompletedTask;

    private static int[] Work() => [1, 2, 3];
}
