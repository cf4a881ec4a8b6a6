using System.Globalization;

namespace PerfAssert.Targets.Reference;

/// <summary>
/// The NetTcp configuration experiment (reference experiment 5): the three WCF client configurations it loads, each with
/// <see cref="Clients"/> concurrent clients for a fixed time, and the names their throughput rows carry.
/// </summary>
public static class NetTcpConfigCases
{
    /// <summary>NetTcp with transport security, the binding's default.</summary>
    public const string Default = "Wcf.NetTcp/Default";

    /// <summary>NetTcp without security and with raised limits.</summary>
    public const string Tuned = "Wcf.NetTcp/Tuned";

    /// <summary>BasicHttp, text encoding.</summary>
    public const string BasicHttp = "Wcf.BasicHttp/Text";

    /// <summary>Concurrent clients, each its own WCF client and so its own connection.</summary>
    public const int Clients = 100;

    /// <summary>The configurations in the order the report lists them.</summary>
    public static IReadOnlyList<string> Configurations { get; } = [Default, Tuned, BasicHttp];

    private const string NamePrefix = "NetTcp config: ";

    /// <summary>The throughput row's name, like <c>NetTcp config: Wcf.NetTcp/Default EchoSmall-10, 100 clients, 5 s</c>.</summary>
    public static string CaseName(string configuration, TimeSpan duration) =>
        string.Create(CultureInfo.InvariantCulture, $"{NamePrefix}{configuration} EchoSmall-10, {Clients} clients, {duration.TotalSeconds:0} s");

    /// <summary>The configuration a throughput row's name belongs to, or <see langword="null"/> when it is not one of this experiment's.</summary>
    public static string? ConfigurationOf(string caseName)
    {
        ArgumentNullException.ThrowIfNull(caseName);
        return caseName.StartsWith(NamePrefix, StringComparison.Ordinal)
            ? Configurations.FirstOrDefault(c => caseName.AsSpan(NamePrefix.Length).StartsWith(c + " ", StringComparison.Ordinal))
            : null;
    }
}
