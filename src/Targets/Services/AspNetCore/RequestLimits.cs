namespace PerfAssert.Targets.Services.AspNetCore;

/// <summary>The deliberate request limits of the REST targets.</summary>
public static class RequestLimits
{
    /// <summary>
    /// The largest request body a REST target accepts: 16 MiB. The biggest reference payload (1,000 Large items as XML)
    /// is about 2 MiB, so this leaves room while keeping a runaway client from buffering Kestrel's default 30 MB.
    /// A larger body gets 413.
    /// </summary>
    public const long MaxBodyBytes = 16 * 1024 * 1024;
}
