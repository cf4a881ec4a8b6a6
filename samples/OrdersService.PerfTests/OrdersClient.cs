using System.Net.Http.Headers;
using System.Text;

namespace OrdersService.PerfTests;

/// <summary>
/// The calls the performance tests measure. Each reads the whole response and fails on an error status, so a broken
/// endpoint fails the test instead of being measured as fast.
/// </summary>
public sealed class OrdersClient(HttpClient http) : IDisposable
{
    /// <summary>An eight-line cart with a coupon, two lines over the volume-discount quantity.</summary>
    public static readonly byte[] Cart = Encoding.UTF8.GetBytes("""
        {"lines":[{"sku":"SKU-0007","quantity":2},{"sku":"SKU-0042","quantity":12},{"sku":"SKU-0077","quantity":1},
        {"sku":"SKU-0101","quantity":3},{"sku":"SKU-0150","quantity":10},{"sku":"SKU-0163","quantity":5},
        {"sku":"SKU-0188","quantity":1},{"sku":"SKU-0199","quantity":4}],"coupon":"save10"}
        """);

    /// <summary>GET /orders/42 (v2: source-generated JSON).</summary>
    public Task GetOrderAsync(CancellationToken cancellationToken) => GetAsync("/orders/42", cancellationToken);

    /// <summary>GET /v1/orders/42 (reflection-based JSON).</summary>
    public Task GetOrderV1Async(CancellationToken cancellationToken) => GetAsync("/v1/orders/42", cancellationToken);

    /// <summary>POST /orders/quote with <see cref="Cart"/> (v2 calculator).</summary>
    public Task QuoteAsync(CancellationToken cancellationToken) => PostAsync("/orders/quote", Cart, cancellationToken);

    /// <summary>POST /v1/orders/quote with <see cref="Cart"/> (v1 calculator).</summary>
    public Task QuoteV1Async(CancellationToken cancellationToken) => PostAsync("/v1/orders/quote", Cart, cancellationToken);

    public void Dispose() => http.Dispose();

    private async Task GetAsync(string path, CancellationToken cancellationToken)
    {
        using var response = await http.GetAsync(new Uri(path, UriKind.Relative), cancellationToken);
        await ReadAsync(response, cancellationToken);
    }

    private async Task PostAsync(string path, byte[] body, CancellationToken cancellationToken)
    {
        using var content = new ByteArrayContent(body);
        content.Headers.ContentType = new MediaTypeHeaderValue("application/json");
        using var response = await http.PostAsync(new Uri(path, UriKind.Relative), content, cancellationToken);
        await ReadAsync(response, cancellationToken);
    }

    private static async Task ReadAsync(HttpResponseMessage response, CancellationToken cancellationToken)
    {
        var body = await response.Content.ReadAsByteArrayAsync(cancellationToken);
        if (!response.IsSuccessStatusCode || body.Length == 0)
        {
            throw new HttpRequestException($"{response.RequestMessage?.Method} {response.RequestMessage?.RequestUri} answered {(int)response.StatusCode} with {body.Length} bytes: {Encoding.UTF8.GetString(body)}");
        }
    }
}
