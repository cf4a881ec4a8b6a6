using PerfAssert.Targets.Hosting;
using PerfAssert.Targets.Services.AspNetCore;
using PerfAssert.Targets.Services.MinimalApi;

namespace PerfAssert.Targets.Clients.Http;

/// <summary>The ASP.NET Core REST echo clients, one per stack and format.</summary>
public static class HttpEchoClients
{
    public const string ControllersNewtonsoftId = "AspNetCore.Controllers/Newtonsoft";
    public const string ControllersXmlId = "AspNetCore.Controllers/XML";
    public const string MinimalStjId = "AspNetCore.Minimal/STJ";
    public const string MinimalNewtonsoftId = "AspNetCore.Minimal/Newtonsoft";
    public const string MinimalXmlId = "AspNetCore.Minimal/XML";

    public static IEchoClient ControllersNewtonsoft(TargetEndpoints endpoints) =>
        new HttpEchoClient(ControllersNewtonsoftId, endpoints, EchoController.RoutePrefix, HttpPayloadFormat.Newtonsoft);

    public static IEchoClient ControllersXml(TargetEndpoints endpoints) =>
        new HttpEchoClient(ControllersXmlId, endpoints, EchoController.RoutePrefix, HttpPayloadFormat.DataContractXml);

    public static IEchoClient MinimalStj(TargetEndpoints endpoints) =>
        new HttpEchoClient(MinimalStjId, endpoints, MinimalApiEndpoints.Prefix, HttpPayloadFormat.SystemTextJson);

    public static IEchoClient MinimalNewtonsoft(TargetEndpoints endpoints) =>
        new HttpEchoClient(MinimalNewtonsoftId, endpoints, MinimalApiEndpoints.NewtonsoftPrefix, HttpPayloadFormat.Newtonsoft);

    public static IEchoClient MinimalXml(TargetEndpoints endpoints) =>
        new HttpEchoClient(MinimalXmlId, endpoints, MinimalApiEndpoints.XmlPrefix, HttpPayloadFormat.DataContractXml);
}
