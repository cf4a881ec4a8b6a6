namespace PerfAssert.Targets.Reference;

/// <summary>One case of the REST throughput experiment.</summary>
/// <param name="Name">The case's name, for example <c>POST echo 500 B</c>.</param>
/// <param name="Path">The path relative to the host's HTTP address, for an outside load generator.</param>
/// <param name="PostsBody">Whether each request POSTs <see cref="ThroughputCases.Body"/> (otherwise a GET).</param>
/// <param name="Request">One request, checked: null for a correct answer, or what was wrong.</param>
public sealed record ThroughputCase(string Name, string Path, bool PostsBody, Func<HttpClient, CancellationToken, Task<string?>> Request);
