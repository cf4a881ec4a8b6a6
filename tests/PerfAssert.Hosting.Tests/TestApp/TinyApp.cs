using Microsoft.AspNetCore.Builder;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Routing;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Logging;

namespace PerfAssert.Hosting.Tests.TestApp;

/// <summary>
/// The tiny web application the tests host, and its entry-point type. It lives in the test assembly, whose real entry
/// point is xUnit's, so <see cref="TinyAppFactory"/> tells WebApplicationFactory how to build it.
/// </summary>
public sealed class TinyApp
{
    /// <summary>A singleton the tests reach through <see cref="ServiceHost{TEntryPoint}.Services"/>.</summary>
    public sealed class Greeting
    {
        public string Text { get; } = "pong";
    }

    public static void ConfigureServices(IServiceCollection services)
    {
        services.AddRouting();
        services.AddSingleton<Greeting>();
    }

    public static void Configure(IApplicationBuilder app)
    {
        app.UseRouting();
        app.UseEndpoints(endpoints =>
        {
            endpoints.MapGet("/ping", (Greeting greeting) => greeting.Text);
            endpoints.MapGet("/warn", (ILogger<TinyApp> logger) =>
            {
                logger.LogWarning("Request asked for a warning");
                return Results.Text("warned");
            });
        });
    }
}
