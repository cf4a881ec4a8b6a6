namespace PerfAssert.Hosting;

/// <summary>Which server a <see cref="ServiceHost{TEntryPoint}"/> runs the application on.</summary>
public enum ServiceHostMode
{
    /// <summary>
    /// Real Kestrel listening on 127.0.0.1 with a port the operating system chooses: real sockets, real HTTP parsing,
    /// the right choice for performance tests and for clients other than <see cref="HttpClient"/>.
    /// </summary>
    Kestrel,

    /// <summary>
    /// In memory on <c>TestServer</c>: no socket, fastest start-up, HTTP reached only through the host's own
    /// <see cref="HttpMessageHandler"/>. Timings leave out the network stack, so use it for functional tests.
    /// </summary>
    InMemory,
}
