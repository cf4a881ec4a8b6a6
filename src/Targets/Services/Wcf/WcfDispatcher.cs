using System.Xml;

namespace PerfAssert.Targets.Services.Wcf;

/// <summary>
/// Reads a request envelope, selects the operation by action, deserializes its arguments and runs it. Every
/// failure becomes a <see cref="WcfReply"/> carrying a fault, so no request can take a transport down.
/// </summary>
internal static class WcfDispatcher
{
    /// <summary>Dispatches one request; the reply relates to the request's message id when it had one, a fault's too.</summary>
    public static WcfReply Dispatch(WcfService service, XmlDictionaryReader reader, SoapVersion version, string? transportAction)
    {
        var reply = Dispatch(service, reader, version, transportAction, out var headers);
        return headers.MessageId is null ? reply : reply with { RelatesTo = headers.MessageId };
    }

    private static WcfReply Dispatch(WcfService service, XmlDictionaryReader reader, SoapVersion version, string? transportAction, out SoapHeaders headers)
    {
        WcfOperation? operation;
        object?[] arguments;
        headers = SoapHeaders.None;
        try
        {
            headers = SoapMessage.ReadToBody(reader, version);
            var action = headers.Action ?? transportAction;
            if (action is null || !service.ByAction.TryGetValue(action, out operation))
            {
                // The code and the opening words are WCF's, which clients and logs match on; the rest says what is wrong here.
                var reason = $"The message with Action '{action}' cannot be processed at the receiver, due to a ContractFilter mismatch at the EndpointDispatcher: the contract {WcfContract.Name} has no operation with that action, so sender and receiver disagree on the contract or the binding.";
                return WcfReply.Faulted(new WcfFaultException(WcfFaultCode.Sender, reason, "ActionNotSupported"));
            }
        }
        catch (WcfFaultException fault)
        {
            return WcfReply.Faulted(fault);
        }
        catch (Exception ex) when (ex is XmlException || ex.InnerException is XmlException)
        {
            // The envelope or its headers are not XML, or not this version's envelope: WCF's encoder refuses the message
            // before dispatch (HTTP 400).
            return WcfReply.Refused(version, ex);
        }
        catch (Exception ex) when (ex is not OperationCanceledException and not OutOfMemoryException)
        {
            // Whatever else a hostile envelope provokes in the readers ends as a fault, never as a dead connection.
            return WcfReply.Faulted(new WcfFaultException(WcfFaultCode.Sender, "The message could not be read: " + ex.Message, ex));
        }

        try
        {
            // From the Body on, the formatter reads: what it cannot read is a DeserializationFailed fault (HTTP 500), as in WCF.
            arguments = SoapMessage.ReadArguments(reader, operation);
        }
        catch (WcfFaultException fault)
        {
            return WcfReply.Faulted(fault);
        }
        catch (Exception ex) when (ex is not OperationCanceledException and not OutOfMemoryException)
        {
            return WcfReply.Faulted(WcfFaultException.DeserializationFailed($"the request body of {operation.Name} could not be read: {ex.Message}", ex));
        }

        return Invoke(operation, arguments);
    }

    public static WcfReply Invoke(WcfOperation operation, object?[] arguments)
    {
        try
        {
            return new WcfReply(operation, operation.Invoke(arguments), null, NotAnEnvelope: false);
        }
        catch (WcfFaultException fault)
        {
            return WcfReply.Faulted(fault);
        }
        catch (Exception ex) when (ex is not OperationCanceledException)
        {
            // Like WCF without IncludeExceptionDetailInFaults: the caller learns that it failed, not how.
            return WcfReply.Faulted(WcfFaultException.InternalServiceFault($"{operation.Name} failed.", ex));
        }
    }
}
