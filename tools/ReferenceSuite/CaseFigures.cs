using PerfAssert.Measurement;

namespace PerfAssert.ReferenceSuite;

/// <summary>A case's figures from <see cref="CasePart"/>.</summary>
/// <param name="SizingNanoseconds">A short timing's mean time per call, used only to size the case's batches.</param>
/// <param name="Allocations">Its allocations and collections per call, counted exactly.</param>
internal sealed record CaseFigures(double SizingNanoseconds, AllocationMeasurement Allocations);
