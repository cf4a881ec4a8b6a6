using System.Net.Http.Headers;
using PerfAssert.Targets.Clients.MessagePack;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;
using PerfAssert.Targets.Services.MessagePackApi;
using Real = global::MessagePack;

namespace PerfAssert.Conformance.MessagePack;

/// <summary>
/// MessagePack-CSharp (the registry's 2.5 package) as the MessagePack stacks use it, against the library's default
/// options (its standard resolver on our own <c>[DataContract]</c> types, no attributes added), which is what a client
/// of the library sends: the server's options (<see cref="MessagePackServerOptions.Value"/>: a length check in front of the standard
/// resolver, untrusted-data mode) write the same bytes and read them back exactly; the layout is the one
/// docs/conformance.md describes; and the loopback endpoints answer the default options' bytes byte for byte.
/// </summary>
public sealed class RealMessagePackCSharpTests(LoopbackTargetsFixture targets) : IClassFixture<LoopbackTargetsFixture>
{
    private static readonly TimeSpan HttpTimeout = TimeSpan.FromSeconds(60);

    private static Real.MessagePackSerializerOptions Options => Real.MessagePackSerializer.DefaultOptions;

    public static TheoryData<string> Payloads { get; } = new(Cases().Keys);

    [Fact]
    public void DefaultOptions_RealLibrary_AreTheStandardResolver()
    {
        // Pins the premise of the tests below: nothing in this process changed MessagePack-CSharp's defaults, so the bytes
        // they compare with are what any client of the library writes.
        Assert.Same(Real.MessagePackSerializerOptions.Standard, Options);
        Assert.Same(Real.Resolvers.StandardResolver.Instance, Options.Resolver);
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public void Serialize_EachPayload_TheServersOptionsWriteTheDefaultOptionsBytes(string payload)
    {
        // The server's length check goes before the standard resolver; it must leave writing alone.
        var @case = Cases()[payload];

        Assert.Equal(Convert.ToHexString(@case.WriteDefault()), Convert.ToHexString(@case.WriteServer()));
    }

    [Theory]
    [MemberData(nameof(Payloads))]
    public void Deserialize_TheDefaultOptionsBytes_TheServersOptionsReadTheSameValues(string payload)
    {
        // And the length check and untrusted-data mode must refuse nothing the library writes, edge values included.
        var @case = Cases()[payload];

        Assert.Null(@case.ReadWithServer(@case.WriteDefault()));
    }

    [Fact]
    public void Serialize_OneSmallItem_RealLibraryWritesANilElementZeroAndTheGuidString()
    {
        // The layout docs/conformance.md describes, as the real library writes it: [[nil, "00112233-..."]].
        var bytes = Real.MessagePackSerializer.Serialize(new List<SmallItem> { new() { Id = new Guid("00112233-4455-6677-8899-aabbccddeeff") } }, Options, TestContext.Current.CancellationToken);

        Assert.Equal("9192C0D924" + Convert.ToHexString("00112233-4455-6677-8899-aabbccddeeff"u8), Convert.ToHexString(bytes));
    }

    [Fact]
    public void Serialize_ADecimal_RealLibraryWritesItsInvariantStringWithTheScale()
    {
        var bytes = Real.MessagePackSerializer.Serialize(19.90m, Options, TestContext.Current.CancellationToken);

        Assert.Equal("A5" + Convert.ToHexString("19.90"u8), Convert.ToHexString(bytes));
    }

    [Fact]
    public void Serialize_ADateTimeOffset_RealLibraryWritesTheLocalClockAsATimestampAndTheOffsetInMinutes()
    {
        // MessagePack-CSharp's own format: the clock time 12:34:56 stamped as if it were UTC (the instant is 07:04:56Z),
        // then +330 minutes. A reader that takes the timestamp as the instant is off by the offset; .NET to .NET it is exact.
        var value = new DateTimeOffset(2024, 2, 29, 12, 34, 56, TimeSpan.FromMinutes(330)).AddTicks(1_234_567);

        var bytes = Real.MessagePackSerializer.Serialize(value, Options, TestContext.Current.CancellationToken);

        var reader = new Real.MessagePackReader(bytes);
        Assert.Equal(2, reader.ReadArrayHeader());
        var clock = reader.ReadDateTime();
        Assert.Equal(new DateTime(2024, 2, 29, 12, 34, 56, DateTimeKind.Utc).AddTicks(1_234_567), clock);
        Assert.Equal(DateTimeKind.Utc, clock.Kind);
        Assert.Equal(330, reader.ReadInt16());
        Assert.True(reader.End);
    }

    [Theory]
    [InlineData(MessagePackStacks.ControllersRoute)]
    [InlineData(MessagePackStacks.MinimalRoute)]
    public async Task Post_TheRealLibrarysLargeBytes_EndpointAnswersWhatTheRealLibraryReadsExactly(string route)
    {
        List<LargeItem> sent = [.. EdgeItems.Large(), .. PayloadGenerator.Large(100)];
        var body = Real.MessagePackSerializer.Serialize(sent, Options, TestContext.Current.CancellationToken);
        using var http = targets.Endpoints.CreateHttpClient(HttpTimeout);
        using var request = new HttpRequestMessage(HttpMethod.Post, route + "/large") { Content = new ByteArrayContent(body) };
        request.Content.Headers.ContentType = new MediaTypeHeaderValue(MessagePackMediaType.Value);
        request.Headers.Accept.Add(new MediaTypeWithQualityHeaderValue(MessagePackMediaType.Value));

        using var response = await http.SendAsync(request, TestContext.Current.CancellationToken).WaitAsync(HttpTimeout, TestContext.Current.CancellationToken);
        var answer = await response.Content.ReadAsByteArrayAsync(TestContext.Current.CancellationToken).WaitAsync(HttpTimeout, TestContext.Current.CancellationToken);

        Assert.True(response.IsSuccessStatusCode, $"{(int)response.StatusCode}: {System.Text.Encoding.UTF8.GetString(answer)}");
        Assert.Equal(MessagePackMediaType.Value, response.Content.Headers.ContentType?.MediaType);
        var received = Real.MessagePackSerializer.Deserialize<List<LargeItem>>(answer, Options, TestContext.Current.CancellationToken);
        Assert.Null(PayloadComparer.FirstDifference(sent, received, PayloadComparer.Large));
        Assert.Equal(Convert.ToHexString(body), Convert.ToHexString(answer));
    }

    private static Dictionary<string, Case> Cases()
    {
        List<CompositeType> composite =
        [
            .. PayloadGenerator.Composite(-100, 100),
            .. PayloadGenerator.Composite(int.MinValue, int.MinValue + 1),
            .. PayloadGenerator.Composite(int.MaxValue - 1, int.MaxValue),
            new() { BoolValue = true, StringValue = null, IntValue = 0 },
            new() { StringValue = string.Empty },
        ];

        // Decimals at the edges of their string form: 31 characters (the longest), scales 0 to 28, a negated zero.
        List<LargeItem> decimals =
        [
            .. new[]
            {
                new decimal(1, 0, 0, true, 28), new decimal(-1, -1, -1, true, 28), new decimal(-1, -1, -1, false, 28), decimal.MaxValue,
                decimal.MinValue, 1.0000000000000000000000000000m, 123456789012345678901234567.89m, -0.00m, 0m, 100m, 1E+3m,
            }.Select(price => new LargeItem { ShippingCosts = price, OrderLines = [new OrderLine { Price = price }] }),
        ];

        return new Dictionary<string, Case>(StringComparer.Ordinal)
        {
            ["Small-0"] = Case.ForList(PayloadGenerator.Small(0), PayloadComparer.Small),
            ["Small-1"] = Case.ForList(PayloadGenerator.Small(1), PayloadComparer.Small),
            ["Small-100"] = Case.ForList(PayloadGenerator.Small(100), PayloadComparer.Small),
            ["Large-0"] = Case.ForList(PayloadGenerator.Large(0), PayloadComparer.Large),
            ["Large-1"] = Case.ForList(PayloadGenerator.Large(1), PayloadComparer.Large),
            ["Large-100"] = Case.ForList(PayloadGenerator.Large(100), PayloadComparer.Large),
            ["Small-edges"] = Case.ForList(EdgeItems.Small(), PayloadComparer.Small),
            ["Large-edges"] = Case.ForList(EdgeItems.Large(), PayloadComparer.Large),
            ["Todos"] = Case.ForList(PayloadGenerator.Todos(), PayloadComparer.Todo),
            ["Composite"] = Case.ForList(composite, PayloadComparer.Composite),
            ["Decimals"] = Case.ForList(decimals, PayloadComparer.Large),
            ["DataRequest"] = Case.For(new DataRequest { Min = int.MinValue, Max = int.MaxValue }, (expected, actual) => expected == actual ? null : $"expected {expected}, got {actual}"),
        };
    }

    private sealed record Case(Func<byte[]> WriteDefault, Func<byte[]> WriteServer, Func<byte[], string?> ReadWithServer)
    {
        public static Case ForList<T>(List<T> items, Func<T, T, string?> compare) =>
            For(items, (expected, actual) => PayloadComparer.FirstDifference(expected, actual, compare));

        public static Case For<T>(T value, Func<T, T, string?> compare) => new(
            () => Real.MessagePackSerializer.Serialize(value, Options, TestContext.Current.CancellationToken),
            () => Real.MessagePackSerializer.Serialize(value, MessagePackServerOptions.Value, TestContext.Current.CancellationToken),
            bytes => compare(value, Real.MessagePackSerializer.Deserialize<T>(bytes, MessagePackServerOptions.Value, TestContext.Current.CancellationToken)));
    }
}
