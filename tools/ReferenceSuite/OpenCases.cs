using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Reference;

namespace PerfAssert.ReferenceSuite;

/// <summary>
/// Every case of a run, opened once on the host and used by every part that calls it (the shared warm-up, the per-case
/// allocations, the side-by-side phase): the latency cases of a stack share its one client, as an application keeps one,
/// the floor is a raw TCP ping-pong on the host's own echo socket, and the yardstick runs in memory.
/// </summary>
internal sealed class OpenCases : IAsyncDisposable
{
    /// <summary>The floor's case: 16 bytes each way over a kept-open loopback TCP connection.</summary>
    public const string Floor = "FloorTcpPingPong-0";

    private readonly Dictionary<string, Func<CancellationToken, Task>> _operations = new(StringComparer.Ordinal);
    private readonly List<IAsyncDisposable> _clients = [];

    private OpenCases()
    {
    }

    /// <summary>The cases' names, in the order opened.</summary>
    public IReadOnlyList<string> Names => [.. _operations.Keys];

    /// <summary>One call of the named case.</summary>
    public Func<CancellationToken, Task> this[string name] => _operations[name];

    /// <summary>Opens <paramref name="names"/> on <paramref name="endpoints"/>: latency, floor, yardstick, data-stream and todo cases.</summary>
    public static async Task<OpenCases> OpenAsync(TargetEndpoints endpoints, IEnumerable<string> names, CancellationToken cancellationToken = default)
    {
        var open = new OpenCases();
        var stacks = new Dictionary<string, IEchoClient>(StringComparer.Ordinal);
        try
        {
            foreach (var name in names)
            {
                if (name == Yardstick.Name)
                {
                    open._operations[name] = Yardstick.RunAsync;
                }
                else if (name == Floor)
                {
                    var tcp = await FloorTcpClient.ConnectAsync(endpoints, cancellationToken);
                    open._clients.Add(tcp);
                    open._operations[name] = ct => tcp.PingPongAsync(16, ct);
                }
                else if (name.StartsWith("Small", StringComparison.Ordinal) || name.StartsWith("Large", StringComparison.Ordinal))
                {
                    var echo = ReferenceCases.Get(name);
                    if (!stacks.TryGetValue(echo.Stack.Id, out var client))
                    {
                        client = stacks[echo.Stack.Id] = echo.Stack.Create(endpoints);
                        open._clients.Add(client);
                    }

                    open._operations[name] = echo.Bind(client);
                }
                else
                {
                    var bound = ReferenceCatalog.Open(name, endpoints);
                    open._clients.Add(bound);
                    open._operations[name] = bound.Operation;
                }
            }

            return open;
        }
        catch
        {
            await open.DisposeAsync();
            throw;
        }
    }

    /// <inheritdoc/>
    public async ValueTask DisposeAsync()
    {
        foreach (var client in _clients)
        {
            await client.DisposeAsync();
        }

        _clients.Clear();
    }
}
