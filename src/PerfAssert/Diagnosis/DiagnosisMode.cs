namespace PerfAssert.Diagnosis;

/// <summary>When a verdict against the reference build profiles the two builds to say where a difference comes from.</summary>
public enum DiagnosisMode
{
    /// <summary>Only when the verdict is a Regression (latency or allocations): nothing is profiled on a passing verdict.</summary>
    OnRegression,

    /// <summary>On every verdict, to see where two builds differ even when the budget holds.</summary>
    Always,

    /// <summary>Never.</summary>
    Never,
}
