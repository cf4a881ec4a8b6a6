using Grpc.Core;

namespace PerfAssert.Targets.Clients.Grpc;

/// <summary>Drives grpc-dotnet's streaming calls to the end: read every response message, or write every request message.</summary>
internal static class GrpcCalls
{
    public static async Task<List<TItem>> ReadAllAsync<TResponse, TItem>(AsyncServerStreamingCall<TResponse> call, Func<TResponse, TItem> map, CancellationToken cancellationToken)
    {
        using (call)
        {
            var items = new List<TItem>();
            await foreach (var message in call.ResponseStream.ReadAllAsync(cancellationToken).ConfigureAwait(false))
            {
                items.Add(map(message));
            }

            return items;
        }
    }

    /// <summary>
    /// Writes each message (grpc-dotnet's client flushes after every one: each is its own HTTP/2 DATA frame), completes
    /// the request stream and reads the one response.
    /// </summary>
    public static async Task<TResponse> WriteAllAsync<TRequest, TResponse>(AsyncClientStreamingCall<TRequest, TResponse> call, IEnumerable<TRequest> messages, CancellationToken cancellationToken)
    {
        using (call)
        {
            foreach (var message in messages)
            {
                await call.RequestStream.WriteAsync(message, cancellationToken).ConfigureAwait(false);
            }

            await call.RequestStream.CompleteAsync().ConfigureAwait(false);
            return await call.ResponseAsync.ConfigureAwait(false);
        }
    }
}
