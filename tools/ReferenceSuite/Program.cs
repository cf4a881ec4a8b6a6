using PerfAssert.ReferenceSuite;

// The main job: runs the reference comparison on loopback targets and writes its report.
//   dotnet run -c Release --project tools/ReferenceSuite [-- --full] [--out DIR]
// Default: the quick matrix (0 and 100 items); --full: 0, 10, 100 and 1000 items; --first-and-again: only the check that
// one case per protocol family measures the same first in the process and again after ten other cases (issue 41);
// --render RESULTS: no measuring, only report.md and report.html rendered again from a results.json (or its folder).
if (args is ["-h"] or ["--help"])
{
    Console.WriteLine(SuiteOptions.Usage);
    return 0;
}

var options = SuiteOptions.Parse(args);
return await Suite.RunAsync(options, Console.Out, Console.Error);
