using Microsoft.AspNetCore.Connections;

namespace PerfAssert.Targets.Services.Floor;

/// <summary>
/// The physical floor over TCP: every byte received is written straight back, with no framing or parsing, so a
/// ping-pong against it costs only the loopback socket round trip and Kestrel's transport.
/// </summary>
public sealed class FloorEchoConnectionHandler : ConnectionHandler
{
    public override async Task OnConnectedAsync(ConnectionContext connection)
    {
        ArgumentNullException.ThrowIfNull(connection);
        var input = connection.Transport.Input;
        var output = connection.Transport.Output;
        try
        {
            while (true)
            {
                var result = await input.ReadAsync(connection.ConnectionClosed).ConfigureAwait(false);
                foreach (var segment in result.Buffer)
                {
                    await output.WriteAsync(segment, connection.ConnectionClosed).ConfigureAwait(false);
                }

                input.AdvanceTo(result.Buffer.End);
                if (result.IsCompleted || result.IsCanceled)
                {
                    break;
                }
            }
        }
        catch (Exception ex) when (ex is OperationCanceledException or ConnectionResetException or ConnectionAbortedException)
        {
            // The client went away mid-echo; nothing to answer.
        }
    }
}
