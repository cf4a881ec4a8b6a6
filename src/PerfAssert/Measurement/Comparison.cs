namespace PerfAssert.Measurement;

/// <summary>A block comparison: the first pass, and for each check judged a regression, its reversed-order confirmation.</summary>
internal sealed record Comparison(BlockPass First, Confirmation?[] Confirmations);

/// <summary>A confirmation pass and the index of the check within it.</summary>
internal sealed record Confirmation(BlockPass Pass, int Index);
