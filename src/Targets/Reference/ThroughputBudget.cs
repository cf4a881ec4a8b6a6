using System.Globalization;

namespace PerfAssert.Targets.Reference;

/// <summary>
/// A relative throughput budget: the subject's correct requests/s at least <paramref name="MinRatio"/> times its partner's,
/// both measured in the same run (interleaved, so a busy machine slows both alike). Relative on purpose: an absolute rate
/// is a property of the machine, not of the code.
/// </summary>
/// <param name="MinRatio">The lowest subject / partner ratio that passes.</param>
public sealed record ThroughputBudget(double MinRatio)
{
    /// <summary>Null when <paramref name="subject"/> is within the budget, else the failure message with both sides and the ratio.</summary>
    public string? Check(ThroughputMeasurement subject, ThroughputMeasurement partner)
    {
        ArgumentNullException.ThrowIfNull(subject);
        ArgumentNullException.ThrowIfNull(partner);
        if (partner.RequestsPerSecond <= 0)
        {
            return $"{partner.Case} answered no request correctly ({partner.Errors} errors of {partner.Requests}; first: {partner.FirstError}), so {subject.Case} cannot be compared with it.";
        }

        var ratio = subject.RequestsPerSecond / partner.RequestsPerSecond;
        return ratio >= MinRatio
            ? null
            : string.Create(CultureInfo.InvariantCulture,
                $"{subject.Case}: {subject.RequestsPerSecond:#,0} correct requests/s ({subject.Requests} sent, {subject.Errors} errors) is {ratio:0.00}x {partner.Case}'s {partner.RequestsPerSecond:#,0}, below the budget of {MinRatio:0.00}x (both measured in the same run, load from the {subject.Generator} generator).");
    }
}
