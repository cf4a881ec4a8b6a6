using PerfAssert.Baselines;
using PerfAssert.Hosting.Builds;

namespace PerfAssert.Hosting.Tests.Builds;

/// <summary>
/// <see cref="ServiceBuilds.ClientPerWorker{TClient}"/> opens one client per worker on that worker's own addresses and
/// disposes it with the worker; <see cref="ServiceBuildsOptions.WorkingTreeSettings"/> reach the working tree's workers
/// only. Run for real on a scratch repository's service, built at its reference commit and in the working tree.
/// </summary>
public sealed class ClientPerWorkerTests : IDisposable
{
    private readonly ScratchService _scratch = ScratchService.Create(1_000);

    [Fact]
    public async Task ClientPerWorker_OpensOneClientPerWorkerOnItsAddresses_AndWorkingTreeSettingsReachTheWorkingTreeOnly()
    {
        _scratch.SetHandler("return Environment.GetEnvironmentVariable(\"Work__Greeting\") ?? \"unset\";");
        var reference = _scratch.Commit("reference");
        using var deadline = Bounded.Within(240);
        using var plain = new ServiceBuilds(ScratchService.Project, new ServiceBuildsOptions { RepositoryRoot = _scratch.Root });
        using var builds = plain.With(plain.Options with { WorkingTreeSettings = new Dictionary<string, string> { ["Work:Greeting"] = "changed" } });
        var opened = new List<GreetingClient>();
        var call = builds.ClientPerWorker(
            addresses =>
            {
                var client = new GreetingClient(addresses);
                opened.Add(client);
                return client;
            },
            (client, cancellationToken) => client.GreetAsync(cancellationToken));

        var outside = await Assert.ThrowsAsync<InvalidOperationException>(() => call(deadline.Token));
        Assert.Contains("AgainstBaseline(file, id, builds)", outside.Message, StringComparison.Ordinal);

        var pair = await builds.StartPairAsync(new BaselineReference(reference), deadline.Token);
        await using (pair)
        {
            foreach (var side in new[] { BuildSide.Current, BuildSide.Baseline, BuildSide.Current, BuildSide.Baseline })
            {
                pair.Select(side);
                await call(deadline.Token);
            }
        }

        Assert.Equal(2, opened.Count);
        Assert.NotEqual(opened[0].Address, opened[1].Address);
        Assert.Equal(["changed", "changed"], opened[0].Answers);
        Assert.Equal(["unset", "unset"], opened[1].Answers);
        Assert.All(opened, c => Assert.True(c.Disposed));
        Assert.Empty(_scratch.ProcessesUsingIt());
    }

    public void Dispose() => _scratch.Dispose();

    private sealed class GreetingClient(IReadOnlyList<Uri> addresses) : IAsyncDisposable
    {
        private readonly HttpClient _http = new() { BaseAddress = addresses[0] };

        public Uri Address => addresses[0];

        public List<string> Answers { get; } = [];

        public bool Disposed { get; private set; }

        public async Task GreetAsync(CancellationToken cancellationToken) =>
            Answers.Add(await _http.GetStringAsync(new Uri("/work", UriKind.Relative), cancellationToken));

        public ValueTask DisposeAsync()
        {
            _http.Dispose();
            Disposed = true;
            return ValueTask.CompletedTask;
        }
    }
}
