using System.Xml;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Controllers;
using Microsoft.AspNetCore.Mvc.Formatters;

namespace PerfAssert.Targets.Services.AspNetCore;

/// <summary>
/// Registers MVC once for every module that serves controllers: Newtonsoft JSON (the classic Web API serializer) and
/// the DataContractSerializer XML formatters (XmlSerializer cannot carry <see cref="DateTimeOffset"/>). Other modules
/// may add formatters through <c>services.Configure&lt;MvcOptions&gt;</c>; content negotiation picks them by
/// Content-Type and Accept, so controllers carry no <c>[Consumes]</c> or <c>[Produces]</c>.
/// </summary>
public static class ControllerRegistration
{
    /// <summary>Adds MVC (once) and makes <paramref name="controllers"/> routable; map them with <c>MapControllers()</c>.</summary>
    public static IServiceCollection AddTargetControllers(this IServiceCollection services, params Type[] controllers)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(controllers);
        var provider = services.Select(d => d.IsKeyedService ? null : d.ImplementationInstance).OfType<TargetControllerFeatureProvider>().FirstOrDefault();
        if (provider is null)
        {
            provider = new TargetControllerFeatureProvider();
            services.AddSingleton(provider);
            // An Accept no formatter can write gets 406 instead of silently falling back to JSON.
            services.AddControllers(mvc =>
                {
                    mvc.ReturnHttpNotAcceptable = true;
                    // Newtonsoft's reader stops at 32 levels and reports the path where it stopped; ModelState's own
                    // limit (also 32 by default) then threw on that deeper key and the client got 500 instead of 400.
                    mvc.MaxModelBindingRecursionDepth = 40;
                })
                .AddNewtonsoftJson()
                .AddXmlDataContractSerializerFormatters()
                .AddMvcOptions(KeepLineBreaksInXml)
                .ConfigureApplicationPartManager(parts =>
                {
                    foreach (var scanner in parts.FeatureProviders.OfType<ControllerFeatureProvider>().ToList())
                    {
                        parts.FeatureProviders.Remove(scanner);
                    }

                    parts.FeatureProviders.Add(provider);
                });
        }

        provider.Add(controllers);
        return services;
    }

    // The XML output formatter's default writer settings (NewLineHandling.Replace) rewrite CR LF and a lone CR in
    // strings to Environment.NewLine, so an echo would not return the text it got; entitizing keeps CR as &#xD;.
    private static void KeepLineBreaksInXml(MvcOptions mvc)
    {
        foreach (var xml in mvc.OutputFormatters.OfType<XmlDataContractSerializerOutputFormatter>())
        {
            xml.WriterSettings.NewLineHandling = NewLineHandling.Entitize;
        }
    }
}
