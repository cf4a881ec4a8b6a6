using PerfAssert.Tool;

// perfassert: what users do with baselines and results outside a test run. Every command changes nothing when its input is bad.
return await Cli.MainAsync(args, Console.Out, Console.Error);
