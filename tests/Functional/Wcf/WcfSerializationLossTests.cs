using System.Net;
using System.ServiceModel;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Functional.Wcf;

public sealed class WcfSerializationLossTests(WcfHostsFixture hosts) : IClassFixture<WcfHostsFixture>
{
    // 12:00:00.1234567 +02:00: the last four digits are below the millisecond.
    private static readonly DateTimeOffset Precise = new DateTimeOffset(2026, 3, 1, 12, 0, 0, TimeSpan.FromHours(2)).AddTicks(1_234_567);

    /// <summary>
    /// The one known loss of the WCF stand-ins: DataContractJsonSerializer (WCF WebHttp's JSON) writes a
    /// DateTimeOffset as <c>{"DateTime":"\/Date(ms)\/","OffsetMinutes":n}</c>, so ticks below the millisecond
    /// are dropped. The offset and everything else survive.
    /// </summary>
    [Fact]
    public async Task WebHttpJson_SubMillisecondDateTimeOffset_IsTruncatedToTheMillisecondAndKeepsItsOffset()
    {
        await using var client = hosts.Create("Wcf.WebHttp/Json");
        var sent = PayloadGenerator.Large(1);
        sent[0].LastModified = Precise;

        var received = await client.EchoLargeAsync(sent, TestContext.Current.CancellationToken).Within();

        var expected = new DateTimeOffset(2026, 3, 1, 12, 0, 0, 123, TimeSpan.FromHours(2));
        Assert.Equal(expected.UtcTicks, received[0].LastModified.UtcTicks);
        Assert.Equal(TimeSpan.FromHours(2), received[0].LastModified.Offset);
        received[0].LastModified = Precise;
        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }

    [Theory]
    [InlineData("Wcf.BasicHttp/Text")]
    [InlineData("Wcf.WebHttp/Xml")]
    [InlineData("Wcf.NetTcp/Tuned")]
    [InlineData("Wcf.NetTcp/Default")]
    public async Task XmlStacks_SubMillisecondDateTimeOffset_RoundTripsExactly(string stack)
    {
        await using var client = hosts.Create(stack);
        var sent = PayloadGenerator.Large(1);
        sent[0].LastModified = Precise;

        var received = await client.EchoLargeAsync(sent, TestContext.Current.CancellationToken).Within();

        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
    }

    [Theory]
    [InlineData("Wcf.BasicHttp/Text")]
    [InlineData("Wcf.NetTcp/Tuned")]
    [InlineData("Wcf.NetTcp/Default")]
    public async Task SoapStacks_InvalidDataStreamRange_ThrowSenderFaultAndKeepServing(string stack)
    {
        var ct = TestContext.Current.CancellationToken;
        await using var client = hosts.Create(stack);

        // The real WCF client's FaultException: the code is SOAP's Sender (s:Client in SOAP 1.1).
        var fault = await Assert.ThrowsAsync<FaultException>(() => client.GetDataStreamAsync(5, 1, ct)).Within();

        Assert.True(fault.Code.IsSenderFault, $"code {fault.Code.Name} in {fault.Code.Namespace}");
        Assert.Contains("GetDataStream needs min <= max", fault.Message, StringComparison.Ordinal);
        Assert.Equal(43, (await client.GetDataStreamAsync(0, 42, ct).Within()).Count);
    }

    [Theory]
    [InlineData("Wcf.WebHttp/Xml")]
    [InlineData("Wcf.WebHttp/Json")]
    public async Task WebStacks_InvalidDataStreamRange_Throw400AndKeepServing(string stack)
    {
        var ct = TestContext.Current.CancellationToken;
        await using var client = hosts.Create(stack);

        var error = await Assert.ThrowsAsync<HttpRequestException>(() => client.GetDataStreamAsync(5, 1, ct)).Within();

        Assert.Equal(HttpStatusCode.BadRequest, error.StatusCode);
        Assert.Equal(43, (await client.GetDataStreamAsync(0, 42, ct).Within()).Count);
    }
}
