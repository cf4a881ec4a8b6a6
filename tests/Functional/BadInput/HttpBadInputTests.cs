using PerfAssert.Targets.Clients;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.BadInput;

/// <summary>Every bad request of <see cref="BadRequests"/> gets its status in bounded time, and the target then echoes a valid payload exactly.</summary>
public sealed class HttpBadInputTests(InMemoryTargetsFixture fixture) : IClassFixture<InMemoryTargetsFixture>
{
    public static TheoryData<string> Cases => BadRequests.Ids;

    [Theory]
    [MemberData(nameof(Cases))]
    public async Task Post_BadRequest_AnswersItsStatusAndTheTargetKeepsServing(string id)
    {
        using var cts = BadInputTimeout.Start();
        var bad = BadRequests.All[id];
        using var http = fixture.Endpoints.CreateHttpClient(BadInputTimeout.PerRequest);

        using (var request = bad.ToMessage())
        using (var response = await http.SendAsync(request, cts.Token))
        {
            var text = await response.Content.ReadAsStringAsync(cts.Token);
            Assert.True(response.StatusCode == bad.Expected, $"{id}: expected {(int)bad.Expected}, got {(int)response.StatusCode}: {text}");
            Assert.False(string.IsNullOrWhiteSpace(text), $"{id}: the {(int)response.StatusCode} answer says nothing about what was wrong.");
        }

        await AssertEchoesAsync(fixture.Endpoints, bad.Recovery, cts.Token);
    }

    internal static async Task AssertEchoesAsync(Targets.Hosting.TargetEndpoints endpoints, string stackId, CancellationToken cancellationToken)
    {
        await using var client = TargetCatalog.Get(stackId).Create(endpoints);
        var sent = PayloadGenerator.Large(3, seed: 11);

        var received = await client.EchoLargeAsync(sent, cancellationToken);

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }
}
