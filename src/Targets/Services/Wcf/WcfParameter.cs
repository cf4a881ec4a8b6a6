namespace PerfAssert.Targets.Services.Wcf;

/// <summary>A parameter of a <see cref="WcfOperation"/>: its element name and its data contract type.</summary>
public sealed record WcfParameter(string Name, Type Type);
