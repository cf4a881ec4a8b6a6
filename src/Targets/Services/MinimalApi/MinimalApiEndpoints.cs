using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Services.MinimalApi;

/// <summary>ASP.NET Core minimal API echo endpoints with System.Text.Json.</summary>
public static class MinimalApiEndpoints
{
    /// <summary>The route prefix of the minimal API System.Text.Json endpoints.</summary>
    public const string Prefix = "/minimal/stj";

    public static IEndpointRouteBuilder MapMinimalApiEcho(this IEndpointRouteBuilder endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        endpoints.MapPost(Prefix + "/small", (List<SmallItem> items) => items);
        endpoints.MapPost(Prefix + "/large", (List<LargeItem> items) => items);
        return endpoints;
    }
}
