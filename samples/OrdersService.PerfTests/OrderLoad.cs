using PerfAssert.Load;

namespace OrdersService.PerfTests;

// begin-snippet: load-plan
/// <summary>Load plans for the service's GET endpoints: every answer must be status 200 with exactly the body of a single call.</summary>
public static class OrderLoad
{
    /// <summary>Requests in flight at once.</summary>
    public const int Concurrency = 32;

    /// <summary>A plan for GET <paramref name="path"/> on the service at <paramref name="address"/>, named <paramref name="name"/>.</summary>
    public static async Task<LoadPlan> GetAsync(Uri address, string path, string? name = null)
    {
        var target = new Uri(address, path);
        using var http = new HttpClient();
        var body = await http.GetByteArrayAsync(target, TestContext.Current.CancellationToken);
        return new LoadPlan
        {
            Name = name ?? $"GET {path}",
            Target = target,
            Concurrency = Concurrency,
            Duration = TimeSpan.FromSeconds(1), // a load test loads in blocks of its own length instead
            WarmupRequests = 5_000,
            Expect = new LoadExpectation { Status = 200, Body = body },
        };
    }
}
// end-snippet
