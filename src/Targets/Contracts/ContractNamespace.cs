namespace PerfAssert.Targets.Contracts;

/// <summary>The XML namespace every data contract and service contract of the targets shares.</summary>
public static class ContractNamespace
{
    public const string Value = "urn:perfassert:targets:2026";
}
