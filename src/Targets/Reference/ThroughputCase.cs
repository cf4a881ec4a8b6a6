using PerfAssert.Load;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Targets.Reference;

/// <summary>One case of the REST throughput experiment, as data a load generator in another process can be handed.</summary>
/// <param name="Name">The case's name, for example <c>POST echo 500 B</c>.</param>
/// <param name="Path">The path relative to the host's HTTP address.</param>
/// <param name="PostsBody">Whether each request POSTs <see cref="ThroughputCases.Body"/> (otherwise a GET).</param>
/// <param name="Expect">How every answer is checked: status 200 and the exact echo, or the greeting the time follows.</param>
public sealed record ThroughputCase(string Name, string Path, bool PostsBody, LoadExpectation Expect)
{
    /// <summary>
    /// <paramref name="requests"/> of this case at <see cref="ThroughputCases.Concurrency"/> against <paramref name="endpoints"/>,
    /// within <paramref name="deadline"/>; change the rest with <c>with</c> (a warm-up, a duration instead).
    /// </summary>
    public LoadPlan Plan(TargetEndpoints endpoints, int requests, TimeSpan deadline)
    {
        ArgumentNullException.ThrowIfNull(endpoints);
        return new LoadPlan
        {
            Name = Name,
            Target = new Uri(endpoints.Http, Path),
            Method = PostsBody ? "POST" : "GET",
            Body = PostsBody ? ThroughputCases.Body : null,
            ContentType = PostsBody ? ThroughputCases.BodyContentType : null,
            Expect = Expect,
            Concurrency = ThroughputCases.Concurrency,
            Requests = requests,
            Deadline = deadline,
        };
    }
}
