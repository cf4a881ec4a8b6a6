using System.Globalization;

namespace PerfAssert.Load;

/// <summary>
/// The lines a load session's parent and worker exchange (see the worker's Program): the worker says <see cref="Ready"/>
/// once every plan's target answered and was warmed up; then each <c>run INDEX MILLISECONDS</c> runs one plan for that
/// long and is answered with one line of <see cref="LoadResult"/> JSON.
/// </summary>
internal static class LoadSessionProtocol
{
    public const string Ready = "ready";

    public const string Run = "run";

    /// <summary>The argument that starts the worker as a session.</summary>
    public const string SessionArgument = "--session";

    public static string FormatRun(int index, TimeSpan duration) =>
        string.Create(CultureInfo.InvariantCulture, $"{Run} {index} {(long)Math.Ceiling(duration.TotalMilliseconds)}");

    public static bool TryParseRun(string line, int plans, out int index, out TimeSpan duration)
    {
        (index, duration) = (-1, TimeSpan.Zero);
        var parts = line.Split(' ', StringSplitOptions.RemoveEmptyEntries);
        if (parts is not [Run, var which, var milliseconds]
            || !int.TryParse(which, NumberStyles.None, CultureInfo.InvariantCulture, out index) || index >= plans
            || !long.TryParse(milliseconds, NumberStyles.None, CultureInfo.InvariantCulture, out var ms) || ms < 1 || ms > (long)TimeSpan.FromHours(1).TotalMilliseconds)
        {
            index = -1;
            return false;
        }

        duration = TimeSpan.FromMilliseconds(ms);
        return true;
    }
}
