using System.Security.Cryptography;
using System.Security.Cryptography.X509Certificates;

namespace PerfAssert.Targets.Services.Wcf.NetTcp;

/// <summary>
/// The self-signed certificate of the default (transport-secured) NetTcp stand-in, created once per process at
/// first use with <see cref="CertificateRequest"/>, valid for 127.0.0.1 only. Clients pin exactly this certificate,
/// so they work against hosts in the same process (tests, in-process benchmarks), never against anything else.
/// </summary>
public static class NetTcpCertificate
{
    private const string Subject = "CN=PerfAssert NetTcp stand-in";

    private static readonly Lazy<X509Certificate2> Instance = new(Create);

    public static X509Certificate2 Current => Instance.Value;

    /// <summary>Whether <paramref name="certificate"/> is this process's certificate (by SHA-256 thumbprint).</summary>
    public static bool IsPinned(X509Certificate? certificate) =>
        certificate is not null && certificate.GetCertHashString(HashAlgorithmName.SHA256) == Current.GetCertHashString(HashAlgorithmName.SHA256);

    /// <summary>
    /// A check that trusts the first stand-in certificate it is shown (by subject) and afterwards only that one (by SHA-256
    /// thumbprint): for a client of a stand-in host in another process, which made its certificate itself.
    /// </summary>
    public static Func<X509Certificate?, bool> TrustOnFirstUse()
    {
        string? pinned = null;
        var gate = new object();
        return certificate =>
        {
            if (certificate is null)
            {
                return false;
            }

            var thumbprint = certificate.GetCertHashString(HashAlgorithmName.SHA256);
            lock (gate)
            {
                if (pinned is null && certificate.Subject == Subject)
                {
                    pinned = thumbprint;
                }

                return thumbprint == pinned;
            }
        };
    }

    private static X509Certificate2 Create()
    {
        using var key = ECDsa.Create(ECCurve.NamedCurves.nistP256);
        var request = new CertificateRequest(Subject, key, HashAlgorithmName.SHA256);
        var names = new SubjectAlternativeNameBuilder();
        names.AddIpAddress(System.Net.IPAddress.Loopback);
        request.CertificateExtensions.Add(names.Build());
        request.CertificateExtensions.Add(new X509EnhancedKeyUsageExtension([new Oid("1.3.6.1.5.5.7.3.1")], critical: false));
        var now = DateTimeOffset.UtcNow;
        using var created = request.CreateSelfSigned(now.AddMinutes(-5), now.AddDays(7));
        // A PKCS#12 round trip gives a certificate whose private key SslStream can use on every platform.
        return X509CertificateLoader.LoadPkcs12(created.Export(X509ContentType.Pkcs12), password: null);
    }
}
