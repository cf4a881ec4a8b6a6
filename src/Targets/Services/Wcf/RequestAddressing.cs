namespace PerfAssert.Targets.Services.Wcf;

/// <summary>The WS-Addressing headers a request carries on a NetTcp session, besides its action.</summary>
/// <param name="MessageId">The request's id, <c>urn:uuid:...</c>: the reply names it in <c>RelatesTo</c>.</param>
/// <param name="To">The address the request is sent to, the session's via.</param>
internal sealed record RequestAddressing(string MessageId, string To)
{
    /// <summary>A fresh message id for a request to <paramref name="to"/>, shaped as WCF shapes its own.</summary>
    public static RequestAddressing NewTo(string to) => new("urn:uuid:" + Guid.NewGuid().ToString("D"), to);
}
