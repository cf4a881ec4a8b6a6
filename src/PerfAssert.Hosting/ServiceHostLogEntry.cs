using System.Globalization;
using Microsoft.Extensions.Logging;

namespace PerfAssert.Hosting;

/// <summary>One message the hosted application logged at or above <see cref="ServiceHostOptions.MinimumLogLevel"/>.</summary>
/// <param name="Level">The message's level.</param>
/// <param name="Category">The logger's category, usually the full name of the class that logged.</param>
/// <param name="EventId">The event id the application gave the message.</param>
/// <param name="Message">The formatted message.</param>
/// <param name="Exception">The exception logged with the message, if any.</param>
public sealed record ServiceHostLogEntry(LogLevel Level, string Category, EventId EventId, string Message, Exception? Exception)
{
    /// <summary>The entry as one line: level, category, message and the exception's type and message.</summary>
    /// <returns>For example <c>Warning Microsoft.Hosting.Lifetime: Application is shutting down</c>.</returns>
    public override string ToString() =>
        Exception is null
            ? string.Create(CultureInfo.InvariantCulture, $"{Level} {Category}: {Message}")
            : string.Create(CultureInfo.InvariantCulture, $"{Level} {Category}: {Message} ({Exception.GetType().Name}: {Exception.Message})");
}
