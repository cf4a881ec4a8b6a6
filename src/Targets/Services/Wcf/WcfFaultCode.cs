namespace PerfAssert.Targets.Services.Wcf;

/// <summary>Who caused a fault: SOAP 1.1 writes these as <c>Client</c>/<c>Server</c>, SOAP 1.2 as <c>Sender</c>/<c>Receiver</c>; <c>MustUnderstand</c> is the same in both.</summary>
public enum WcfFaultCode
{
    /// <summary>The request was wrong (bad envelope, unknown action, bad arguments).</summary>
    Sender,

    /// <summary>The service failed while handling a valid request.</summary>
    Receiver,

    /// <summary>A header marked <c>mustUnderstand</c> was not understood: SOAP's own <c>MustUnderstand</c> code, in both versions.</summary>
    MustUnderstand,
}
