using Microsoft.Extensions.Options;

namespace OrdersService.Faults;

/// <summary>Applies <see cref="FaultOptions"/> to a request; does nothing, and allocates nothing, when they are off.</summary>
public sealed class FaultInjection(IOptions<FaultOptions> options)
{
    private readonly int _extraBytes = options.Value.ExtraBytesPerRequest;

    /// <summary>Called once per request by the endpoints the faults apply to.</summary>
    public void OnRequest()
    {
        if (_extraBytes > 0)
        {
            // Handed to a call so the buffer escapes: the JIT may not drop or stack-allocate it.
            GC.KeepAlive(new byte[_extraBytes]);
        }
    }
}
