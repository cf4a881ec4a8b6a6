using System.Runtime;
using System.Runtime.InteropServices;

namespace PerfAssert.Environments;

/// <summary>What kind of machine and runtime a measurement was made on.</summary>
public sealed record EnvironmentInfo
{
    /// <summary>The operating system family: <c>linux</c>, <c>windows</c>, <c>osx</c> or <c>other</c>.</summary>
    public required string Os { get; init; }

    /// <summary>The process architecture, for example <c>x64</c>.</summary>
    public required string Architecture { get; init; }

    /// <summary>Logical processors available to the process.</summary>
    public required int Cores { get; init; }

    /// <summary>The runtime version, for example <c>10.0.12</c>.</summary>
    public required string Runtime { get; init; }

    /// <summary>Whether the server garbage collector is on.</summary>
    public required bool ServerGc { get; init; }

    /// <summary>The tiered-compilation settings of the process that measured (dynamic PGO, call-counting delay, ...), or
    /// <see langword="null"/> where they are not known (figures read from another tool's files).</summary>
    public TieringSettings? Tiering { get; init; }

    /// <summary>The class of machine that timings may be compared within: OS, architecture, core count and runtime major,
    /// for example <c>linux-x64-2c-net10</c>.</summary>
    public string MachineClass => $"{Os}-{Architecture}-{Cores}c-net{Runtime.Split('.')[0]}";

    /// <summary>The environment of this process.</summary>
    public static EnvironmentInfo Current { get; } = new()
    {
        Os = OperatingSystem.IsLinux() ? "linux" : OperatingSystem.IsWindows() ? "windows" : OperatingSystem.IsMacOS() ? "osx" : "other",
        Architecture = RuntimeInformation.ProcessArchitecture.ToString().ToLowerInvariant(),
        Cores = System.Environment.ProcessorCount,
        Runtime = System.Environment.Version.ToString(),
        ServerGc = GCSettings.IsServerGC,
        Tiering = TieringSettings.Current,
    };
}
