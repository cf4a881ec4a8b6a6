using Microsoft.Extensions.Logging;

namespace PerfAssert.Hosting.Logging;

/// <summary>Writes every enabled message of the hosted application into a <see cref="CapturedLog"/>.</summary>
[ProviderAlias("PerfAssertServiceHost")]
internal sealed class CapturingLoggerProvider(CapturedLog log, LogLevel minimumLevel) : ILoggerProvider
{
    public ILogger CreateLogger(string categoryName) => new CapturingLogger(log, categoryName, minimumLevel);

    public void Dispose()
    {
    }

    private sealed class CapturingLogger(CapturedLog log, string category, LogLevel minimumLevel) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel != LogLevel.None && logLevel >= minimumLevel;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            if (IsEnabled(logLevel))
            {
                log.Add(new ServiceHostLogEntry(logLevel, category, eventId, formatter(state, exception), exception));
            }
        }
    }
}
