using System.Diagnostics;
using System.Reflection;

namespace PerfAssert.Environments;

/// <summary>
/// Finds what makes a measurement meaningless: code under test built without optimizations (Debug), an attached debugger.
/// Each finding is a reason the verdicts become Invalid; none is ever a silent pass.
/// </summary>
public static class EnvironmentCheck
{
    /// <summary>Returns a reason for each problem found with the assemblies under test and the process.</summary>
    public static IReadOnlyList<string> Inspect(IEnumerable<Assembly> assembliesUnderTest, bool debuggerAttached)
    {
        ArgumentNullException.ThrowIfNull(assembliesUnderTest);
        var reasons = new List<string>();
        if (debuggerAttached)
        {
            reasons.Add("a debugger is attached; run the tests without one");
        }

        foreach (var assembly in assembliesUnderTest.Distinct())
        {
            if (IsUnoptimized(assembly))
            {
                reasons.Add($"'{assembly.GetName().Name}' is a Debug build (JIT optimizer disabled); run with -c Release");
            }
        }

        return reasons;
    }

    /// <summary>Whether the assembly was compiled without optimizations.</summary>
    public static bool IsUnoptimized(Assembly assembly)
    {
        ArgumentNullException.ThrowIfNull(assembly);
        return assembly.GetCustomAttribute<DebuggableAttribute>()?.IsJITOptimizerDisabled == true;
    }
}
