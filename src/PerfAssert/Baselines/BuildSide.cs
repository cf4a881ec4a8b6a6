namespace PerfAssert.Baselines;

/// <summary>Which build of the code a measurement runs against when the baseline build is measured beside the working tree.</summary>
public enum BuildSide
{
    /// <summary>The working tree: the code under review.</summary>
    Current,

    /// <summary>The approved reference commit named in <c>baselines/reference.json</c>, built from a clean checkout.</summary>
    Baseline,
}
