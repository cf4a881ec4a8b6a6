using PerfAssert.Baselines;
using PerfAssert.Tool;

// perfassert: what users do with baselines outside a test run. Every command changes nothing when its input is bad.
try
{
    return await Cli.RunAsync(args, Console.Out);
}
catch (Exception ex) when (ex is BaselineException or DirectoryNotFoundException or InvalidOperationException or ArgumentException)
{
    await Console.Error.WriteLineAsync("perfassert: " + ex.Message);
    return 2;
}
