namespace PerfAssert.Budgets;

/// <summary>
/// <c>subject &lt;= Max</c> on a latency statistic, measured interleaved with the calibration workload so the figure is
/// normalized by how fast this machine is right now. Absolute times depend on the machine, so a failure is advisory unless
/// <see cref="MachineClass"/> names the class of machine the test runs on.
/// </summary>
/// <param name="Statistic">The latency statistic compared.</param>
/// <param name="Max">The largest acceptable latency.</param>
/// <param name="MachineClass">The machine class the budget was set for (see <c>EnvironmentInfo.MachineClass</c>); <see langword="null"/> makes it advisory everywhere.</param>
public sealed record AbsoluteLatencyBudget(LatencyStatistic Statistic, TimeSpan Max, string? MachineClass = null) : Budget
{
    /// <inheritdoc/>
    public override void Validate()
    {
        if (Max <= TimeSpan.Zero)
        {
            throw new ArgumentOutOfRangeException(nameof(Max), Max, "The budget's Max must be a positive time.");
        }
    }
}
