namespace PerfAssert.Load;

/// <summary>
/// One closed-loop load run, as data: what to send, how to check each answer, how many at once and for how long. The test
/// process hands it to the worker process as JSON on its standard input (<see cref="LoadWorkerProcess"/>); an in-memory host
/// runs the same plan in its own process (<see cref="LoadLoop"/>).
/// </summary>
public sealed record LoadPlan
{
    /// <summary>What is loaded, for messages (for example <c>POST echo 500 B (controllers)</c>).</summary>
    public required string Name { get; init; }

    /// <summary>The absolute URI every request goes to.</summary>
    public required Uri Target { get; init; }

    /// <summary>The request method. <value>The default is <c>GET</c>.</value></summary>
    public string Method { get; init; } = "GET";

    /// <summary>
    /// The HTTP version: <c>1.1</c>, or <c>2</c> for HTTP/2 without TLS (h2c, prior knowledge). <value>The default is <c>1.1</c>.</value>
    /// </summary>
    public string HttpVersion { get; init; } = "1.1";

    /// <summary>The request body, sent with Content-Length, when set. <value>The default is <see langword="null"/>: no body.</value></summary>
    public byte[]? Body { get; init; }

    /// <summary>The body's Content-Type. <value>The default is <see langword="null"/>: none.</value></summary>
    public string? ContentType { get; init; }

    /// <summary>Further request headers. <value>The default is none.</value></summary>
    public IReadOnlyDictionary<string, string> Headers { get; init; } = new Dictionary<string, string>();

    /// <summary>How every answer is checked. <value>The default is status 200, body not checked.</value></summary>
    public LoadExpectation Expect { get; init; } = new();

    /// <summary>Requests in flight at once, each sent as soon as the previous one on its loop is answered.</summary>
    public required int Concurrency { get; init; }

    /// <summary>
    /// Connections to the target at most. <value>The default is <see langword="null"/>: one per concurrent request (over h2c, a
    /// new connection opens only when the ones open carry as many streams as the server allows).</value>
    /// </summary>
    public int? Connections { get; init; }

    /// <summary>Requests to send; exactly one of this and <see cref="Duration"/> is set.</summary>
    public long? Requests { get; init; }

    /// <summary>How long to send requests for (the ones in flight at its end are answered and counted); or <see cref="Requests"/>.</summary>
    public TimeSpan? Duration { get; init; }

    /// <summary>Requests sent, at the same concurrency, before the measured run and not counted. <value>The default is 0.</value></summary>
    public int WarmupRequests { get; init; }

    /// <summary>
    /// The longest the measured run may take: requests still unanswered then are errors, and in a count-limited run the ones not
    /// sent are too. <value>The default is 3 minutes.</value>
    /// </summary>
    public TimeSpan Deadline { get; init; } = TimeSpan.FromMinutes(3);

    /// <summary>The longest one request may take before it is an error. <value>The default is 30 seconds.</value></summary>
    public TimeSpan RequestTimeout { get; init; } = TimeSpan.FromSeconds(30);

    /// <summary>The longest the whole plan can take in the worker: a first request, the warm-up and the measured run.</summary>
    public TimeSpan Bound => RequestTimeout + (WarmupRequests > 0 ? Deadline : TimeSpan.Zero) + (Duration is { } duration ? duration + LoadLoop.Drain : Deadline);

    /// <summary>What is wrong with the plan, in words naming the setting; empty when it can run.</summary>
    public IReadOnlyList<string> Problems()
    {
        List<string> problems = [];
        if (string.IsNullOrWhiteSpace(Name))
        {
            problems.Add("Name must be set");
        }

        if (Target is null || !Target.IsAbsoluteUri || Target.Scheme is not ("http" or "https"))
        {
            problems.Add($"Target must be an absolute http:// or https:// URI, not '{Target}'");
        }

        if (string.IsNullOrWhiteSpace(Method))
        {
            problems.Add("Method must be set");
        }

        if (HttpVersion is not ("1.1" or "2"))
        {
            problems.Add($"HttpVersion must be '1.1' or '2' (h2c), not '{HttpVersion}'");
        }

        // A CR or LF would end the header early and smuggle the rest into the request (the lean client writes headers as given).
        var headers = (Headers ?? new Dictionary<string, string>()).Append(KeyValuePair.Create("Content-Type", ContentType ?? string.Empty));
        if (headers.FirstOrDefault(h => h.Key.AsSpan().IndexOfAny("\r\n:") >= 0 || h.Value.AsSpan().IndexOfAny('\r', '\n') >= 0) is { Key: { } bad })
        {
            problems.Add($"Headers and ContentType must hold no CR or LF, nor a header name a colon: '{bad}'");
        }

        if (Concurrency < 1)
        {
            problems.Add($"Concurrency must be at least 1, not {Concurrency}");
        }

        if (Connections < 1)
        {
            problems.Add($"Connections must be at least 1, not {Connections}");
        }

        if ((Requests is null) == (Duration is null))
        {
            problems.Add("exactly one of Requests and Duration must be set");
        }

        if (Requests < 1 || Duration <= TimeSpan.Zero || WarmupRequests < 0)
        {
            problems.Add($"Requests and Duration must be positive and WarmupRequests 0 or more (Requests {Requests}, Duration {Duration}, WarmupRequests {WarmupRequests})");
        }

        if (Deadline <= TimeSpan.Zero || RequestTimeout <= TimeSpan.Zero)
        {
            problems.Add($"Deadline and RequestTimeout must be positive (Deadline {Deadline}, RequestTimeout {RequestTimeout})");
        }

        problems.AddRange(Expect?.Problems() ?? ["Expect must be set"]);
        return problems;
    }

    /// <summary>Throws <see cref="ArgumentException"/> listing every problem of the plan.</summary>
    public void Validate()
    {
        var problems = Problems();
        if (problems.Count > 0)
        {
            throw new ArgumentException($"The load plan '{Name}' cannot run: {string.Join("; ", problems)}.");
        }
    }
}
