using System.Diagnostics;

namespace PerfAssert.Tests.Support;

/// <summary>
/// Renders a page as a person sees it: Debian's headless Chromium (<c>chromium-headless-shell</c>, which tools/test.sh
/// installs) takes a screenshot, bounded at 60 s; a machine without it fails the test with the install command.
/// </summary>
internal static class HeadlessChromium
{
    private const string Install = "apt-get install chromium-headless-shell (tools/test.sh, the README's test command, installs it)";

    /// <summary>Screenshots the page file <paramref name="page"/> at <paramref name="width"/> x <paramref name="height"/>.</summary>
    public static Task ScreenshotAsync(string page, string screenshot, int width, int height) =>
        ScreenshotAsync(new Uri(page).AbsoluteUri, Path.Combine(Path.GetDirectoryName(page)!, "profile"), screenshot, width, height);

    /// <summary>Screenshots <paramref name="url"/> at 1200 x 800 after <paramref name="milliseconds"/> of virtual time for its scripts (<see cref="DomAsync"/>).</summary>
    public static Task ScreenshotUrlAsync(string url, string userDataDirectory, string screenshot, int milliseconds) =>
        ScreenshotAsync(url, userDataDirectory, screenshot, 1200, 800, VirtualTime(milliseconds));

    /// <summary>
    /// Loads <paramref name="url"/>, gives its scripts <paramref name="milliseconds"/> of virtual time (Chromium fast-forwards
    /// timers and waits for the network meanwhile) and returns the page's DOM as its scripts left it.
    /// </summary>
    public static Task<string> DomAsync(string url, string userDataDirectory, int milliseconds) =>
        RunAsync(url, userDataDirectory, 1200, 800, VirtualTime(milliseconds), "--dump-dom");

    private static string VirtualTime(int milliseconds) => $"--virtual-time-budget={milliseconds}";

    private static async Task ScreenshotAsync(string url, string userDataDirectory, string screenshot, int width, int height, params string[] extra)
    {
        var output = await RunAsync(url, userDataDirectory, width, height, [.. extra, "--screenshot=" + screenshot]);
        Assert.True(File.Exists(screenshot), $"no screenshot of {url}:\n{output}");
    }

    /// <summary>Runs Chromium headless on <paramref name="url"/> with <paramref name="extra"/> arguments, bounded at 60 s; returns its standard output.</summary>
    private static async Task<string> RunAsync(string url, string userDataDirectory, int width, int height, params string[] extra)
    {
        var chromium = new[] { "chromium-headless-shell", "chromium", "chromium-browser" }
            .SelectMany(name => (Environment.GetEnvironmentVariable("PATH") ?? string.Empty).Split(Path.PathSeparator).Select(d => Path.Combine(d, name)))
            .Append("/usr/lib/chromium/chromium-headless-shell")
            .FirstOrDefault(File.Exists)
            ?? throw new InvalidOperationException($"No headless Chromium on this machine for the screenshot tests: {Install}.");
        var start = new ProcessStartInfo(chromium) { RedirectStandardOutput = true, RedirectStandardError = true, UseShellExecute = false };
        foreach (var argument in new[]
        {
            "--headless", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--force-color-profile=srgb", "--force-device-scale-factor=1",
            $"--window-size={width},{height}", "--user-data-dir=" + userDataDirectory,
        }.Concat(extra).Append(url))
        {
            start.ArgumentList.Add(argument);
        }

        using var process = Process.Start(start)!;
        var output = process.StandardOutput.ReadToEndAsync(TestContext.Current.CancellationToken);
        var error = process.StandardError.ReadToEndAsync(TestContext.Current.CancellationToken);
        using var deadline = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        deadline.CancelAfter(TimeSpan.FromSeconds(60));
        try
        {
            await process.WaitForExitAsync(deadline.Token);
        }
        catch (OperationCanceledException)
        {
            process.Kill(entireProcessTree: true);
            throw new TimeoutException($"{chromium} took over 60 s on {url}");
        }

        Assert.True(process.ExitCode == 0, $"{chromium} exited with {process.ExitCode} on {url}:\n{await output}\n{await error}");
        return await output;
    }
}
