using System.Diagnostics;

namespace PerfAssert.Tests.Support;

/// <summary>
/// Renders a page as a person sees it: Debian's headless Chromium (<c>chromium-headless-shell</c>, which tools/test.sh
/// installs) takes a screenshot, bounded at 60 s; a machine without it fails the test with the install command.
/// </summary>
internal static class HeadlessChromium
{
    private const string Install = "apt-get install chromium-headless-shell (tools/test.sh, the README's test command, installs it)";

    public static async Task ScreenshotAsync(string page, string screenshot, int width, int height)
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
            $"--window-size={width},{height}", "--user-data-dir=" + Path.Combine(Path.GetDirectoryName(page)!, "profile"), "--screenshot=" + screenshot, new Uri(page).AbsoluteUri,
        })
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
            throw new TimeoutException($"{chromium} took over 60 s to screenshot {page}");
        }

        Assert.True(process.ExitCode == 0 && File.Exists(screenshot), $"{chromium} exited with {process.ExitCode} and {(File.Exists(screenshot) ? "a" : "no")} screenshot:\n{await output}\n{await error}");
    }
}
