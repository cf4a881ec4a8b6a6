using System.Globalization;

namespace PerfAssert.Environments;

/// <summary>
/// The tiered-compilation settings a process runs with, as the runtime reads them: a <c>DOTNET_</c> (or <c>COMPlus_</c>)
/// environment variable first, then the runtimeconfig property, then the runtime's default. Recorded with every result, so
/// a figure says which code it timed: with dynamic PGO on (the default since .NET 8) hot methods go through an instrumented
/// tier before the optimized one, and inlining and devirtualization follow the profile.
/// </summary>
public sealed record TieringSettings
{
    private const int DefaultCallCountingDelayMs = 100;

    /// <summary>Whether tiered compilation is on (<c>TieredCompilation</c>). <value>The runtime's default is on.</value></summary>
    public required bool TieredCompilation { get; init; }

    /// <summary>Whether methods without loops start unoptimized (<c>TC_QuickJit</c>). <value>The runtime's default is on.</value></summary>
    public required bool QuickJit { get; init; }

    /// <summary>Whether methods with loops start unoptimized too, and reach optimized code by on-stack replacement
    /// (<c>TC_QuickJitForLoops</c>). <value>The runtime's default is on.</value></summary>
    public required bool QuickJitForLoops { get; init; }

    /// <summary>Whether dynamic PGO instruments hot code before optimizing it (<c>TieredPGO</c>). <value>The runtime's
    /// default is on.</value></summary>
    public required bool TieredPgo { get; init; }

    /// <summary>How long, in milliseconds, the runtime waits after the last new method before it counts calls for promotion
    /// (<c>TC_CallCountingDelayMs</c>; the runtime multiplies it by ten on a single-core process). <value>The runtime's
    /// default is 100.</value></summary>
    public required int CallCountingDelayMs { get; init; }

    /// <summary>Whether precompiled (ReadyToRun) code is used (<c>ReadyToRun</c>). <value>The runtime's default is on.</value></summary>
    public required bool ReadyToRun { get; init; }

    /// <summary>The call-counting delay in force in this process: the setting, ten times over when the process sees one core.</summary>
    internal TimeSpan EffectiveCallCountingDelay =>
        TimeSpan.FromMilliseconds(TieredCompilation ? CallCountingDelayMs * (Environment.ProcessorCount == 1 ? 10 : 1) : 0);

    /// <summary>The settings of this process.</summary>
    public static TieringSettings Current { get; } = new()
    {
        TieredCompilation = Flag("TieredCompilation", "System.Runtime.TieredCompilation", true),
        QuickJit = Flag("TC_QuickJit", "System.Runtime.TieredCompilation.QuickJit", true),
        QuickJitForLoops = Flag("TC_QuickJitForLoops", "System.Runtime.TieredCompilation.QuickJitForLoops", true),
        TieredPgo = Flag("TieredPGO", "System.Runtime.TieredPGO", true),
        CallCountingDelayMs = (int)Number("TC_CallCountingDelayMs", "System.Runtime.TieredCompilation.CallCountingDelayMs", DefaultCallCountingDelayMs),
        ReadyToRun = Flag("ReadyToRun", "System.Runtime.ReadyToRun", true),
    };

    /// <summary>The settings in one line, for verdict messages and reports.</summary>
    public override string ToString() => string.Create(CultureInfo.InvariantCulture,
        $"tiered {(TieredCompilation ? "on" : "off")}, PGO {(TieredPgo ? "on" : "off")}, call-counting delay {CallCountingDelayMs} ms, QuickJitForLoops {(QuickJitForLoops ? "on" : "off")}");

    private static bool Flag(string variable, string property, bool fallback) => Number(variable, property, fallback ? 1 : 0) != 0;

    private static long Number(string variable, string property, long fallback)
    {
        // The runtime reads its environment variables' numbers as hexadecimal.
        foreach (var prefix in new[] { "DOTNET_", "COMPlus_" })
        {
            if (Environment.GetEnvironmentVariable(prefix + variable) is { Length: > 0 } text
                && long.TryParse(text, NumberStyles.HexNumber, CultureInfo.InvariantCulture, out var fromEnvironment))
            {
                return fromEnvironment;
            }
        }

        return AppContext.GetData(property) switch
        {
            bool value => value ? 1 : 0,
            string text when bool.TryParse(text, out var value) => value ? 1 : 0,
            string text when long.TryParse(text, NumberStyles.Integer, CultureInfo.InvariantCulture, out var value) => value,
            IConvertible value => value.ToInt64(CultureInfo.InvariantCulture),
            _ => fallback,
        };
    }
}
