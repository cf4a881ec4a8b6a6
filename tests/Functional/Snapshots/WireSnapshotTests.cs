using PerfAssert.Functional.Support;
using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.Snapshots;

/// <summary>
/// The wire form of <c>PayloadGenerator.Large(2, seed: 1)</c> as each HTTP client really sends it for EchoLarge,
/// recorded below the client. A diff here means a format, its settings or a contract changed, and with it the bytes
/// behind every recorded figure of that stack. MessagePack and protobuf have their own snapshots (MessagePack/, Grpc/).
/// </summary>
public sealed class WireSnapshotTests(InMemoryTargetsFixture fixture) : IClassFixture<InMemoryTargetsFixture>
{
    public static TheoryData<string, string> Formats => new()
    {
        { "Wcf.BasicHttp/Text", "BasicHttp.SoapEnvelope" },
        { "Wcf.WebHttp/Xml", "WebHttp.Xml" },
        { "Wcf.WebHttp/Json", "WebHttp.Json" },
        { HttpEchoClients.MinimalStjId, "SystemTextJson" },
        { HttpEchoClients.MinimalNewtonsoftId, "Newtonsoft" },
        { HttpEchoClients.MinimalXmlId, "DataContractXml" },
    };

    [Theory]
    [MemberData(nameof(Formats))]
    public async Task EchoLargeRequest_TwoSeededItems_MatchesTheVerifiedWireForm(string stackId, string snapshot)
    {
        var sent = PayloadGenerator.Large(2, seed: 1);

        var (request, received) = await RecordEchoLargeAsync(stackId, sent);

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
        Snapshot.Verify(request, "Snapshots/Wire", snapshot + ".Large2");
    }

    /// <summary>Controllers and minimal APIs share one client format, so one snapshot per format covers both.</summary>
    [Theory]
    [InlineData(HttpEchoClients.ControllersNewtonsoftId, HttpEchoClients.MinimalNewtonsoftId)]
    [InlineData(HttpEchoClients.ControllersXmlId, HttpEchoClients.MinimalXmlId)]
    public async Task EchoLargeRequest_ControllersAndMinimal_SendTheSameBody(string controllersId, string minimalId)
    {
        var sent = PayloadGenerator.Large(2, seed: 1);

        var (controllers, _) = await RecordEchoLargeAsync(controllersId, sent);
        var (minimal, _) = await RecordEchoLargeAsync(minimalId, sent);

        Assert.Equal(Body(minimal), Body(controllers));
    }

    private async Task<(string Request, List<LargeItem> Received)> RecordEchoLargeAsync(string stackId, List<LargeItem> sent)
    {
        using var cts = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        cts.CancelAfter(TimeSpan.FromSeconds(20));
        // Not disposed: disposing a DelegatingHandler disposes its inner handler, the fixture's shared TestServer handler.
        // The clients build their HttpClient on InMemoryHandler without disposing it, so the recorder sits below them.
        var recorder = new RecordingHandler(fixture.Endpoints.InMemoryHandler!);
        var endpoints = fixture.Endpoints with { InMemoryHandler = recorder };
        await using var client = TargetCatalog.Get(stackId).Create(endpoints);

        var received = await client.EchoLargeAsync(sent, cts.Token);

        return (Assert.Single(recorder.Requests), received);
    }

    private static string Body(string request) => request[(request.IndexOf("\n\n", StringComparison.Ordinal) + 2)..];
}
