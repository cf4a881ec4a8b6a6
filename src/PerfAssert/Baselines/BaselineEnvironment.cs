using PerfAssert.Environments;

namespace PerfAssert.Baselines;

/// <summary>The class of machine a baseline entry was recorded on.</summary>
/// <param name="Os">The operating system family.</param>
/// <param name="Architecture">The process architecture.</param>
/// <param name="Cores">Logical processors.</param>
/// <param name="RuntimeMajor">The .NET major version.</param>
public sealed record BaselineEnvironment(string Os, string Architecture, int Cores, int RuntimeMajor)
{
    /// <summary>The machine class, for example <c>linux-x64-2c-net10</c>.</summary>
    public string MachineClass => $"{Os}-{Architecture}-{Cores}c-net{RuntimeMajor}";

    /// <summary>The environment of this process.</summary>
    public static BaselineEnvironment Current { get; } = From(EnvironmentInfo.Current);

    /// <summary>Whether allocations recorded there hold here: same OS, architecture and runtime major (cores do not matter).</summary>
    public bool AllocatesLike(BaselineEnvironment other)
    {
        ArgumentNullException.ThrowIfNull(other);
        return Os == other.Os && Architecture == other.Architecture && RuntimeMajor == other.RuntimeMajor;
    }

    private static BaselineEnvironment From(EnvironmentInfo info) =>
        new(info.Os, info.Architecture, info.Cores, int.Parse(info.Runtime.Split('.')[0], System.Globalization.CultureInfo.InvariantCulture));
}
