using Microsoft.AspNetCore.Hosting;
using Microsoft.Extensions.Logging;

namespace PerfAssert.Hosting;

/// <summary>How a <see cref="ServiceHost{TEntryPoint}"/> starts, watches and stops the application.</summary>
public sealed record ServiceHostOptions
{
    /// <summary>Which server runs the application.</summary>
    /// <value>The default is <see cref="ServiceHostMode.Kestrel"/>: real sockets on 127.0.0.1 with an OS-chosen port.</value>
    public ServiceHostMode Mode { get; init; } = ServiceHostMode.Kestrel;

    /// <summary>
    /// How long building and starting the application may take. Past it, start-up fails with a
    /// <see cref="ServiceHostStartException"/> carrying the captured log, and the host's hosted services are cancelled.
    /// </summary>
    /// <value>The default is 30 seconds.</value>
    public TimeSpan StartTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>How long a graceful stop may take when the host is disposed before the application is torn down anyway.</summary>
    /// <value>The default is 10 seconds.</value>
    public TimeSpan StopTimeout { get; init; } = TimeSpan.FromSeconds(10);

    /// <summary>The <see cref="HttpClient.Timeout"/> of clients from <see cref="ServiceHost{TEntryPoint}.CreateClient"/>.</summary>
    /// <value>The default is 30 seconds, so a hung request fails a test instead of stalling it for HttpClient's 100.</value>
    public TimeSpan ClientTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>The lowest level kept in <see cref="ServiceHost{TEntryPoint}.Log"/> and in start-up failure messages.</summary>
    /// <value>The default is <see cref="LogLevel.Warning"/>.</value>
    public LogLevel MinimumLogLevel { get; init; } = LogLevel.Warning;

    /// <summary>How many log entries the host keeps; past it the oldest are dropped.</summary>
    /// <value>The default is 1,000.</value>
    public int MaxLogEntries { get; init; } = 1_000;

    /// <summary>The hosting environment name, for example <c>Production</c> to test the production pipeline.</summary>
    /// <value>The default is <see langword="null"/>: WebApplicationFactory's choice, <c>Development</c>.</value>
    public string? Environment { get; init; }

    /// <summary>
    /// Last-word changes to the application before it is built: replace services, add configuration. It runs after the
    /// application's own set-up and after the host's, so its registrations win.
    /// </summary>
    /// <value>The default is <see langword="null"/>: the application as it is.</value>
    public Action<IWebHostBuilder>? ConfigureWebHost { get; init; }

    /// <summary>Throws when a setting cannot work, naming the setting, before anything starts.</summary>
    /// <exception cref="ArgumentOutOfRangeException">A setting is out of its range.</exception>
    public void Validate()
    {
        if (!Enum.IsDefined(Mode))
        {
            throw new ArgumentOutOfRangeException(nameof(Mode), Mode, $"{nameof(ServiceHostOptions)}.{nameof(Mode)} must be Kestrel or InMemory.");
        }

        Positive(StartTimeout, nameof(StartTimeout));
        Positive(StopTimeout, nameof(StopTimeout));
        Positive(ClientTimeout, nameof(ClientTimeout));
        if (MaxLogEntries < 1)
        {
            throw new ArgumentOutOfRangeException(nameof(MaxLogEntries), MaxLogEntries, $"{nameof(ServiceHostOptions)}.{nameof(MaxLogEntries)} must be at least 1.");
        }
    }

    // Infinite is refused on purpose: every wait of the host is bounded, so a broken app fails a test instead of hanging it.
    private static void Positive(TimeSpan value, string name)
    {
        if (value <= TimeSpan.Zero || value == Timeout.InfiniteTimeSpan)
        {
            throw new ArgumentOutOfRangeException(name, value, $"{nameof(ServiceHostOptions)}.{name} must be a positive, finite time.");
        }
    }
}
