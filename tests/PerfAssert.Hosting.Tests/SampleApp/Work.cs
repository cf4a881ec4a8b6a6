using System.Runtime.CompilerServices;

/// <summary>
/// What <c>GET /work</c> does: CPU work in a method of its own and a 4,000-byte array per request, so a profile of the
/// process has a known answer (the diagnosis tests).
/// </summary>
public static class Work
{
    /// <summary>A chain of dependent multiplications the JIT cannot skip (the result is returned).</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static ulong Spin(int rounds)
    {
        var check = 0UL;
        for (var i = 0; i < rounds; i++)
        {
            check = (check ^ (ulong)i) * 0x9E3779B97F4A7C15UL;
        }

        return check;
    }

    /// <summary>One 4,000-byte array, kept alive past the call's end so the JIT cannot remove it.</summary>
    [MethodImpl(MethodImplOptions.NoInlining)]
    public static byte[] Buffer(int seed)
    {
        var buffer = new byte[4000];
        buffer[seed % buffer.Length] = 1;
        return buffer;
    }
}
