namespace OrdersService.Faults;

/// <summary>
/// The <c>Faults</c> configuration section: deliberate regressions, off by default, that the performance tests switch on
/// to prove their budgets catch one. Never set in a deployed configuration.
/// </summary>
public sealed class FaultOptions
{
    /// <summary>Bytes the v2 endpoints allocate and drop on every request, as an accidental copy would. The default is 0.</summary>
    public int ExtraBytesPerRequest { get; set; }
}
