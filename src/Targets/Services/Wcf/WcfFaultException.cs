namespace PerfAssert.Targets.Services.Wcf;

/// <summary>A SOAP fault: thrown by the dispatcher and the service, written back as a fault envelope; clients throw it on a fault reply.</summary>
public sealed class WcfFaultException : Exception
{
    public WcfFaultException(WcfFaultCode code, string reason, string? subcode = null)
        : base(reason)
    {
        Code = code;
        Subcode = subcode;
    }

    public WcfFaultException(WcfFaultCode code, string reason, Exception innerException)
        : base(reason, innerException)
    {
        Code = code;
    }

    public WcfFaultCode Code { get; }

    /// <summary>A WCF-style subcode such as <c>ActionNotSupported</c>, or <see langword="null"/>.</summary>
    public string? Subcode { get; }
}
