using System.Collections.Concurrent;

namespace PerfAssert.Targets.Hosting;

/// <summary>Keeps a host's log lines in memory so a failed start-up can show them.</summary>
internal sealed class QueueLoggerProvider(ConcurrentQueue<string> lines) : ILoggerProvider
{
    public ILogger CreateLogger(string categoryName) => new QueueLogger(lines, categoryName);

    public void Dispose()
    {
    }

    private sealed class QueueLogger(ConcurrentQueue<string> lines, string category) : ILogger
    {
        public IDisposable? BeginScope<TState>(TState state)
            where TState : notnull => null;

        public bool IsEnabled(LogLevel logLevel) => logLevel != LogLevel.None;

        public void Log<TState>(LogLevel logLevel, EventId eventId, TState state, Exception? exception, Func<TState, Exception?, string> formatter)
        {
            lines.Enqueue($"{logLevel} {category}: {formatter(state, exception)}{(exception is null ? string.Empty : " " + exception)}");
        }
    }
}
