namespace PerfAssert.ReferenceSuite.Ratios;

/// <summary>One case of an interleaved group.</summary>
/// <param name="Name">The case's name in the report.</param>
/// <param name="Operation">One call, bound to its open client.</param>
/// <param name="CallsPerBatch">How many calls one timed batch makes, so that a batch lasts a few milliseconds.</param>
/// <param name="UntimedCalls">How many calls run untimed before each batch (see <see cref="RatioSettings.UntimedCalls"/>).</param>
public sealed record RatioCase(string Name, Func<CancellationToken, Task> Operation, int CallsPerBatch, int UntimedCalls = 0);
