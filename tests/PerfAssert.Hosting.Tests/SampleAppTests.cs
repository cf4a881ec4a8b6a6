namespace PerfAssert.Hosting.Tests;

/// <summary>The default path a service repo takes: its own minimal API <c>Program</c>, no factory of its own.</summary>
public sealed class SampleAppTests
{
    [Theory]
    [InlineData(ServiceHostMode.Kestrel)]
    [InlineData(ServiceHostMode.InMemory)]
    public async Task StartAsync_MinimalApiProgram_Answers(ServiceHostMode mode)
    {
        using var bounded = Bounded.Within();
        await using var host = await ServiceHost<Program>.StartAsync(new ServiceHostOptions { Mode = mode }, bounded.Token);
        using var client = host.CreateClient();

        var answer = await client.GetStringAsync(new Uri("/ping", UriKind.Relative), bounded.Token);

        Assert.Equal("pong from Program", answer);
        Assert.True(LoopbackOrInMemory(host.BaseAddress), host.BaseAddress.ToString());
    }

    private static bool LoopbackOrInMemory(Uri address) => address.Host is "127.0.0.1" or "localhost";
}
