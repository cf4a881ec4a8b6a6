namespace PerfAssert.Baselines;

/// <summary>One entry moved into a committed baseline by accepting its candidate.</summary>
/// <param name="File">The committed file, relative (for example <c>baselines/X.json</c>).</param>
/// <param name="Id">The entry's id.</param>
/// <param name="Old">The entry before, or <see langword="null"/> when it is new.</param>
/// <param name="New">The accepted entry.</param>
public sealed record AcceptedChange(string File, string Id, BaselineEntry? Old, BaselineEntry New);
