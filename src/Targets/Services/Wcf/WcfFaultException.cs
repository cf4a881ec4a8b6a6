namespace PerfAssert.Targets.Services.Wcf;

/// <summary>A SOAP fault: thrown by the dispatcher and the service, written back as a fault envelope; clients throw it on a fault reply.</summary>
public sealed class WcfFaultException : Exception
{
    /// <summary>The namespace of the subcodes WCF's dispatcher writes (<c>FaultCodeConstants.Namespaces.NetDispatch</c>).</summary>
    public const string DispatcherNamespace = "http://schemas.microsoft.com/net/2005/12/windowscommunicationfoundation/dispatcher";

    public WcfFaultException(WcfFaultCode code, string reason, string? subcode = null, string? subcodeNamespace = null, Exception? innerException = null)
        : base(reason, innerException)
    {
        Code = code;
        Subcode = subcode;
        SubcodeNamespace = subcodeNamespace;
    }

    public WcfFaultException(WcfFaultCode code, string reason, Exception innerException)
        : this(code, reason, subcode: null, subcodeNamespace: null, innerException)
    {
    }

    public WcfFaultCode Code { get; }

    /// <summary>A WCF-style subcode such as <c>ActionNotSupported</c>, or <see langword="null"/>.</summary>
    public string? Subcode { get; }

    /// <summary>
    /// The subcode's namespace. Writing, <see langword="null"/> stands for the message version's addressing namespace (an
    /// addressing subcode such as <c>ActionNotSupported</c>); read from the wire, it is the namespace the prefix stood for.
    /// </summary>
    public string? SubcodeNamespace { get; }

    /// <summary>
    /// What WCF's dispatcher answers when the formatter cannot read an argument: a sender fault with the subcode
    /// <c>DeserializationFailed</c>, its reason opening with WCF's words; the rest says what was wrong.
    /// </summary>
    public static WcfFaultException DeserializationFailed(string details, Exception? innerException = null) =>
        new(WcfFaultCode.Sender, "The formatter threw an exception while trying to deserialize the message: " + details, "DeserializationFailed", DispatcherNamespace, innerException);

    /// <summary>
    /// What WCF answers, without <c>IncludeExceptionDetailInFaults</c>, for any failure that is not a fault: a receiver
    /// fault with the subcode <c>InternalServiceFault</c>, its reason opening with WCF's words; the rest says what failed.
    /// </summary>
    public static WcfFaultException InternalServiceFault(string details, Exception? innerException = null) =>
        new(WcfFaultCode.Receiver, "The server was unable to process the request due to an internal error: " + details, "InternalServiceFault", DispatcherNamespace, innerException);
}
