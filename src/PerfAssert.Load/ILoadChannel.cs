namespace PerfAssert.Load;

/// <summary>
/// One loop's way to the target (a connection of the lean client, or requests through an <see cref="HttpMessageInvoker"/>):
/// it sends the plan's request and reads the answer, which <see cref="LoadLoop"/> then checks.
/// </summary>
internal interface ILoadChannel : ILoadAnswer
{
    /// <summary>Sends the request and reads the answer: true when an answer came (right or wrong), false with <see cref="ILoadAnswer.Error"/>.</summary>
    /// <param name="run">The run's token: once it is cancelled the exchange ends as soon as it can.</param>
    ValueTask<bool> ExchangeAsync(CancellationToken run);

    /// <summary>
    /// One exchange that is not counted: null when the target answered, else why it could not be reached (refused, unresolvable,
    /// no answer within the request timeout).
    /// </summary>
    Task<string?> ProbeAsync(CancellationToken cancellationToken);

    /// <summary>Ends the loop's use of the channel (a lean connection goes back to its client for the next run).</summary>
    void Release();
}

/// <summary>The last answer a loop's connection read (or why none came), which <see cref="LoadLoop"/> checks.</summary>
internal interface ILoadAnswer
{
    /// <summary>The answer's status code, after an exchange that returned true.</summary>
    int Status { get; }

    /// <summary>The answer body's first bytes (at least <see cref="LoadExpectation.MaxBodyBytes"/> of it, when it is that long).</summary>
    ReadOnlySpan<byte> Body { get; }

    /// <summary>The body's length in bytes; more than <see cref="LoadExpectation.MaxBodyBytes"/> for a body too long to check.</summary>
    long BodyLength { get; }

    /// <summary>What went wrong, after an exchange that returned false: a short kind for counting and the full text.</summary>
    (string Kind, string Text) Error { get; }
}
