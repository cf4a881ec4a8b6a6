using System.Globalization;
using System.Text.RegularExpressions;

namespace PerfAssert.ReferenceSuite.Report;

/// <summary>
/// What one run of <c>wrk</c> (an outside HTTP load generator, written in C) reported. wrk cannot check an answer's body;
/// it counts answers outside 2xx/3xx and socket errors, which are reported beside its rate.
/// </summary>
/// <param name="Requests">Requests answered in the run.</param>
/// <param name="RequestsPerSecond">wrk's own rate: every answer, whatever its status.</param>
/// <param name="Non2xx">Answers outside 2xx/3xx.</param>
/// <param name="SocketErrors">Connect, read, write and timeout errors together.</param>
/// <param name="P50Us">Median latency, microseconds (from <c>--latency</c>).</param>
/// <param name="P99Us">99th percentile, microseconds.</param>
/// <param name="Cpu">CPU time (user and system) wrk used in its whole run, when it was measured (<see cref="WrkRunner"/>).</param>
public sealed partial record WrkMeasurement(long Requests, double RequestsPerSecond, long Non2xx, long SocketErrors, double P50Us, double P99Us, TimeSpan? Cpu = null)
{
    /// <summary>wrk's CPU time per request answered, microseconds; <see langword="null"/> when it is not known.</summary>
    public double? CpuPerRequestUs => Cpu is { } cpu && Requests > 0 ? cpu.TotalMicroseconds / Requests : null;

    /// <summary>Answers that were neither errors nor outside 2xx/3xx, per second: the rate comparable to PerfAssert's driver's.</summary>
    public double GoodRequestsPerSecond => Requests == 0 ? 0 : RequestsPerSecond * Math.Max(0, Requests - Non2xx) / Requests;

    /// <summary>Reads wrk's text output (run with <c>--latency</c>); throws <see cref="FormatException"/> naming what is missing.</summary>
    public static WrkMeasurement Parse(string output)
    {
        ArgumentNullException.ThrowIfNull(output);
        var rate = Required(RatePattern(), output, "Requests/sec");
        var requests = Required(RequestsPattern(), output, "requests in");
        var non2xx = Non2xxPattern().Match(output) is { Success: true } n ? long.Parse(n.Groups[1].Value, CultureInfo.InvariantCulture) : 0;
        long socketErrors = 0;
        if (SocketErrorsPattern().Match(output) is { Success: true } s)
        {
            socketErrors = Enumerable.Range(1, 4).Sum(g => long.Parse(s.Groups[g].Value, CultureInfo.InvariantCulture));
        }

        return new WrkMeasurement(
            (long)double.Parse(requests, CultureInfo.InvariantCulture),
            double.Parse(rate, CultureInfo.InvariantCulture),
            non2xx,
            socketErrors,
            Percentile(output, "50%"),
            Percentile(output, "99%"));
    }

    private static string Required(Regex pattern, string output, string what) =>
        pattern.Match(output) is { Success: true } m ? m.Groups[1].Value : throw new FormatException($"wrk's output has no '{what}' line:{Environment.NewLine}{output}");

    /// <summary>A line of the latency distribution, such as <c>50%  612.00us</c> or <c>99%    4.21ms</c>.</summary>
    private static double Percentile(string output, string label)
    {
        var m = Regex.Match(output, @"^\s*" + Regex.Escape(label) + @"\s+([0-9.]+)(us|ms|s)\s*$", RegexOptions.Multiline | RegexOptions.CultureInvariant, TimeSpan.FromSeconds(1));
        if (!m.Success)
        {
            throw new FormatException($"wrk's output has no {label} latency line (run it with --latency):{Environment.NewLine}{output}");
        }

        var value = double.Parse(m.Groups[1].Value, CultureInfo.InvariantCulture);
        return m.Groups[2].Value switch
        {
            "us" => value,
            "ms" => value * 1_000,
            _ => value * 1_000_000,
        };
    }

    [GeneratedRegex(@"^Requests/sec:\s+([0-9.]+)", RegexOptions.Multiline | RegexOptions.CultureInvariant, 1000)]
    private static partial Regex RatePattern();

    [GeneratedRegex(@"^\s*([0-9]+) requests in ", RegexOptions.Multiline | RegexOptions.CultureInvariant, 1000)]
    private static partial Regex RequestsPattern();

    [GeneratedRegex(@"Non-2xx or 3xx responses:\s+([0-9]+)", RegexOptions.CultureInvariant, 1000)]
    private static partial Regex Non2xxPattern();

    [GeneratedRegex(@"Socket errors: connect ([0-9]+), read ([0-9]+), write ([0-9]+), timeout ([0-9]+)", RegexOptions.CultureInvariant, 1000)]
    private static partial Regex SocketErrorsPattern();
}
