using Microsoft.AspNetCore.Mvc;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.AspNetCore;

namespace PerfAssert.Targets.Services.MinimalApi;

/// <summary>
/// ASP.NET Core minimal API echo endpoints. System.Text.Json (the successor of the reference's Utf8Json) binds the
/// body itself; Newtonsoft and DataContract XML are read and written by <see cref="BodyFormatEcho"/>.
/// </summary>
public static class MinimalApiEndpoints
{
    /// <summary>The route prefix of the minimal API System.Text.Json endpoints.</summary>
    public const string Prefix = "/minimal/stj";

    /// <summary>The route prefix of the minimal API Newtonsoft JSON endpoints.</summary>
    public const string NewtonsoftPrefix = "/minimal/newtonsoft";

    /// <summary>The route prefix of the minimal API DataContractSerializer XML endpoints.</summary>
    public const string XmlPrefix = "/minimal/xml";

    public static IEndpointRouteBuilder MapMinimalApiEcho(this IEndpointRouteBuilder endpoints)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        var limit = new RequestSizeLimitAttribute(RequestLimits.MaxBodyBytes);
        endpoints.MapPost(Prefix + "/small", (List<SmallItem> items, FaultInjection faults) => Echo(items, faults)).WithMetadata(limit);
        endpoints.MapPost(Prefix + "/large", (List<LargeItem> items, FaultInjection faults) => Echo(items, faults)).WithMetadata(limit);
        MapFormat(endpoints, NewtonsoftPrefix, BodyFormat.Newtonsoft, limit);
        MapFormat(endpoints, XmlPrefix, BodyFormat.DataContractXml, limit);
        return endpoints;
    }

    private static List<T> Echo<T>(List<T> items, FaultInjection faults)
    {
        faults.Apply();
        return items;
    }

    private static void MapFormat(IEndpointRouteBuilder endpoints, string prefix, BodyFormat format, RequestSizeLimitAttribute limit)
    {
        endpoints.MapPost(prefix + "/small", (HttpContext context) => BodyFormatEcho.EchoAsync<List<SmallItem>>(context, format)).WithMetadata(limit);
        endpoints.MapPost(prefix + "/large", (HttpContext context) => BodyFormatEcho.EchoAsync<List<LargeItem>>(context, format)).WithMetadata(limit);
    }
}
