using System.Globalization;
using System.Net;
using System.Text;
using System.Xml;
using System.Xml.Linq;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// Answers GETs on the BasicHttp endpoint's address as WCF's metadata behaviour (<c>HttpGetEnabled</c>) does, so
/// WSDL-driven clients (svcutil-style generators, zeep) can call the stand-in: <c>?wsdl</c>, <c>?wsdl=wsdl0</c>,
/// <c>?singleWsdl</c> and <c>?xsd=xsd0</c> to <c>xsd2</c> (<see cref="BasicHttpWsdl"/>); a bare GET gets a help page
/// pointing at them. A document that does not exist gets 400 naming the ones that do, where WCF answers its help page.
/// </summary>
public static class BasicHttpMetadata
{
    /// <summary>Answers a GET on the endpoint's address.</summary>
    public static Task HandleAsync(HttpContext context)
    {
        ArgumentNullException.ThrowIfNull(context);
        var address = $"{context.Request.Scheme}://{context.Request.Host}{context.Request.PathBase}{BasicHttpEndpoint.Path}";
        var query = context.Request.Query;
        if (query.Count == 0)
        {
            return SendHelpPageAsync(context, address);
        }

        if (query.TryGetValue("wsdl", out var wsdl) && query.Count == 1)
        {
            var name = wsdl.ToString();
            if (name.Length == 0)
            {
                return SendXmlAsync(context, BasicHttpWsdl.ServiceDescription(address));
            }

            if (name == BasicHttpWsdl.ContractDocument)
            {
                return SendXmlAsync(context, BasicHttpWsdl.ContractDescription(address));
            }
        }

        if (query.ContainsKey("singleWsdl") && query.Count == 1)
        {
            return SendXmlAsync(context, BasicHttpWsdl.SingleDescription(address));
        }

        if (query.TryGetValue("xsd", out var xsd) && query.Count == 1 && SchemaIndex(xsd.ToString()) is { } index)
        {
            return SendXmlAsync(context, BasicHttpWsdl.Schema(address, index));
        }

        return HttpReply.SendTextAsync(context, StatusCodes.Status400BadRequest,
            $"GET {BasicHttpEndpoint.Path}{context.Request.QueryString} names no metadata document. {BasicHttpEndpoint.Path} serves ?wsdl, ?wsdl={BasicHttpWsdl.ContractDocument}, ?singleWsdl and ?xsd=xsd0 to xsd{BasicHttpWsdl.SchemaCount - 1}; calls are POSTs with a SOAPAction header.");
    }

    private static int? SchemaIndex(string name) =>
        name.StartsWith("xsd", StringComparison.Ordinal)
        && int.TryParse(name.AsSpan(3), NumberStyles.None, CultureInfo.InvariantCulture, out var index)
        && index < BasicHttpWsdl.SchemaCount
            ? index
            : null;

    private static Task SendXmlAsync(HttpContext context, XElement document)
    {
        var buffer = new MemoryStream();
        using (var writer = XmlWriter.Create(buffer, new XmlWriterSettings { Encoding = new UTF8Encoding(false) }))
        {
            document.WriteTo(writer);
        }

        return HttpReply.SendAsync(context, StatusCodes.Status200OK, "text/xml; charset=UTF-8", buffer);
    }

    private static Task SendHelpPageAsync(HttpContext context, string address)
    {
        var html = WebUtility.HtmlEncode(address);
        var page = $"""
            <!DOCTYPE html>
            <html><head><title>WcfService</title></head><body>
            <h1>WcfService</h1>
            <p>A stand-in for a WCF BasicHttpBinding service (SOAP 1.1, text encoding). Call it with a POST of a SOAP envelope and a SOAPAction header.</p>
            <p>A client can be generated from its metadata: <a href="{html}?wsdl">{html}?wsdl</a> or, as one document, <a href="{html}?singleWsdl">{html}?singleWsdl</a>.</p>
            </body></html>
            """;
        return HttpReply.SendTextAsync(context, StatusCodes.Status200OK, page, "text/html; charset=UTF-8");
    }
}
