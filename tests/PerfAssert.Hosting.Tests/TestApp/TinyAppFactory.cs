using Microsoft.AspNetCore.Hosting;
using Microsoft.AspNetCore.Mvc.Testing;
using Microsoft.Extensions.Hosting;

namespace PerfAssert.Hosting.Tests.TestApp;

/// <summary>Builds <see cref="TinyApp"/> as a generic host; ServiceHost then chooses its server.</summary>
public sealed class TinyAppFactory : WebApplicationFactory<TinyApp>
{
    protected override IHostBuilder CreateHostBuilder() =>
        new HostBuilder().ConfigureWebHost(web => web
            .ConfigureServices(TinyApp.ConfigureServices)
            .Configure(TinyApp.Configure));

    // WebApplicationFactory guesses the content root as <solution>/<assembly name>, which does not exist for a test
    // assembly under tests/; the app has no content files, so its own folder will do.
    protected override void ConfigureWebHost(IWebHostBuilder builder) => builder.UseContentRoot(AppContext.BaseDirectory);
}
