using System.Diagnostics;
using System.Net;
using System.Net.Sockets;

namespace PerfAssert.Tests.Support;

/// <summary>
/// speedscope, the viewer a diagnosis's <c>diagnosis.speedscope.json</c> is written for, as npm installs it
/// (<c>npm install -g speedscope@1.25.0</c>, which tools/test.sh runs when it is missing): its built web app and the JSON
/// schema of its file format, both in the package's <c>dist/release</c>. A machine without it fails the test with the
/// install command. <see cref="Serve"/> serves the app and a file over loopback HTTP, the way speedscope loads a
/// profile named in its URL.
/// </summary>
internal static class SpeedscopeApp
{
    public const string Version = "1.25.0";

    private const string Install = "npm install -g speedscope@" + Version + " (tools/test.sh, the README's test command, installs it)";

    /// <summary>
    /// The package's <c>dist/release</c> folder (<c>index.html</c>, its scripts and <c>file-format-schema.json</c>) under
    /// npm's global folder, <c>npm root -g</c>, where tools/test.sh installs it; Debian's and npm's usual global folders when
    /// there is no npm to ask.
    /// </summary>
    public static string Release()
    {
        var roots = NpmRoot() is { } root ? [root] : new[] { "/usr/lib/node_modules", "/usr/local/lib/node_modules" };
        return roots.Select(r => Path.Combine(r, "speedscope", "dist", "release")).FirstOrDefault(d => File.Exists(Path.Combine(d, "index.html")) && File.Exists(Path.Combine(d, "file-format-schema.json")))
            ?? throw new InvalidOperationException($"speedscope is not installed on this machine (looked in {string.Join(", ", roots)}): {Install}.");
    }

    /// <summary>What <c>npm root -g</c> prints, bounded at 30 s; null without npm.</summary>
    private static string? NpmRoot()
    {
        try
        {
            using var npm = Process.Start(new ProcessStartInfo("npm", ["root", "-g"]) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false })!;
            var output = npm.StandardOutput.ReadToEndAsync();
            _ = npm.StandardError.ReadToEndAsync();
            if (!npm.WaitForExit(TimeSpan.FromSeconds(30)))
            {
                npm.Kill(entireProcessTree: true);
                return null;
            }

            return npm.ExitCode == 0 && output.Result.Trim() is { Length: > 0 } root ? root : null;
        }
        catch (System.ComponentModel.Win32Exception)
        {
            return null;
        }
    }

    /// <summary>
    /// Serves the app, and <paramref name="profile"/> as <c>/profile.json</c>, on a free loopback port until the returned
    /// server is disposed; its <see cref="Server.Page"/> opens the profile in speedscope.
    /// </summary>
    public static Server Serve(string profile) => new(Release(), profile);

    internal sealed class Server : IDisposable
    {
        private static readonly Dictionary<string, string> ContentTypes = new(StringComparer.OrdinalIgnoreCase)
        {
            [".html"] = "text/html; charset=utf-8", [".js"] = "text/javascript", [".css"] = "text/css", [".json"] = "application/json",
            [".wasm"] = "application/wasm", [".png"] = "image/png", [".ico"] = "image/x-icon", [".woff2"] = "font/woff2", [".txt"] = "text/plain",
        };

        private readonly HttpListener _listener = new();
        private readonly Task _serving;

        public Server(string release, string profile)
        {
            var probe = new TcpListener(IPAddress.Loopback, 0);
            probe.Start();
            var port = ((IPEndPoint)probe.LocalEndpoint).Port;
            probe.Stop();
            Root = new Uri($"http://127.0.0.1:{port}/");
            _listener.Prefixes.Add(Root.AbsoluteUri);
            _listener.Start();
            _serving = Task.Run(async () =>
            {
                while (_listener.IsListening)
                {
                    HttpListenerContext context;
                    try
                    {
                        context = await _listener.GetContextAsync();
                    }
                    catch (Exception ex) when (ex is HttpListenerException or ObjectDisposedException or InvalidOperationException)
                    {
                        return;
                    }

                    var path = context.Request.Url!.AbsolutePath.TrimStart('/');
                    var file = path == "profile.json" ? profile : Path.GetFullPath(Path.Combine(release, path.Length == 0 ? "index.html" : path));
                    using var response = context.Response;
                    if (!File.Exists(file) || (file != profile && !file.StartsWith(release, StringComparison.Ordinal)))
                    {
                        response.StatusCode = 404;
                        continue;
                    }

                    response.ContentType = ContentTypes.GetValueOrDefault(Path.GetExtension(file), "application/octet-stream");
                    var bytes = await File.ReadAllBytesAsync(file);
                    response.ContentLength64 = bytes.Length;
                    await response.OutputStream.WriteAsync(bytes);
                }
            });
        }

        public Uri Root { get; }

        /// <summary>speedscope's page, told to load the served profile (its <c>#profileURL=</c> parameter).</summary>
        public string Page => new Uri(Root, "index.html").AbsoluteUri + "#profileURL=" + Uri.EscapeDataString(new Uri(Root, "profile.json").AbsoluteUri);

        public void Dispose()
        {
            _listener.Stop();
            _listener.Close();
            _serving.Wait(TimeSpan.FromSeconds(10));
        }
    }
}
