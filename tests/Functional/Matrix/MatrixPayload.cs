namespace PerfAssert.Functional.Matrix;

/// <summary>What one matrix case sends: seeded Small or Large items, or the hand-built edge payloads.</summary>
public enum MatrixPayload
{
    Small,
    Large,
    SmallEdge,
    LargeEdge,
}
