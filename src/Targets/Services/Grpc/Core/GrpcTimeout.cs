using System.Globalization;

namespace PerfAssert.Targets.Services.Grpc.Core;

/// <summary>The <c>grpc-timeout</c> header: at most 8 digits and a unit (H, M, S, m, u, n).</summary>
public static class GrpcTimeout
{
    private const long MaxValue = 99_999_999;

    private static readonly (long TicksPerUnit, char Unit)[] Units =
    [
        (TimeSpan.TicksPerMicrosecond, 'u'),
        (TimeSpan.TicksPerMillisecond, 'm'),
        (TimeSpan.TicksPerSecond, 'S'),
        (TimeSpan.TicksPerMinute, 'M'),
        (TimeSpan.TicksPerHour, 'H'),
    ];

    /// <summary>Formats a positive timeout in the finest unit that fits in 8 digits, rounding up.</summary>
    public static string Format(TimeSpan timeout)
    {
        ArgumentOutOfRangeException.ThrowIfLessThanOrEqual(timeout, TimeSpan.Zero);
        var ticks = timeout.Ticks;
        foreach (var (ticksPerUnit, unit) in Units)
        {
            // Rounding up: a deadline sent a little late is harmless, one that fires early fails a good call.
            var value = (ticks + ticksPerUnit - 1) / ticksPerUnit;
            if (value <= MaxValue)
            {
                return value.ToString(CultureInfo.InvariantCulture) + unit;
            }
        }

        return MaxValue.ToString(CultureInfo.InvariantCulture) + "H";
    }

    /// <summary>Parses a <c>grpc-timeout</c> value; <see langword="false"/> for anything the protocol does not allow.</summary>
    public static bool TryParse(string? value, out TimeSpan timeout)
    {
        timeout = default;
        if (value is null || value.Length is < 2 or > 9
            || !long.TryParse(value.AsSpan(0, value.Length - 1), NumberStyles.None, CultureInfo.InvariantCulture, out var amount))
        {
            return false;
        }

        long? ticks = value[^1] switch
        {
            'H' => amount * TimeSpan.TicksPerHour,
            'M' => amount * TimeSpan.TicksPerMinute,
            'S' => amount * TimeSpan.TicksPerSecond,
            'm' => amount * TimeSpan.TicksPerMillisecond,
            'u' => amount * TimeSpan.TicksPerMicrosecond,
            'n' => amount / 100,
            _ => null,
        };
        if (ticks is null)
        {
            return false;
        }

        timeout = TimeSpan.FromTicks(ticks.Value);
        return true;
    }
}
