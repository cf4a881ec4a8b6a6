using System.Security.Cryptography;

namespace PerfAssert.Embedding.Tests.Support;

/// <summary>Every file of a folder by name and content hash: equal fingerprints mean nothing in it was written.</summary>
internal static class Fingerprint
{
    public static string Of(string directory) => string.Join('\n', Directory.GetFiles(directory).Order(StringComparer.Ordinal)
        .Select(f => $"{Path.GetFileName(f)} {Convert.ToHexString(SHA256.HashData(File.ReadAllBytes(f)))}"));
}
