namespace PerfAssert.Tool;

/// <summary>
/// A command's options: each either <c>--name value</c> or a <c>--flag</c>, each known to the command and given once, except
/// the few a command takes any number of times (<c>baseline build --project A --project B</c>).
/// </summary>
internal sealed class CliOptions
{
    private static readonly Dictionary<string, (string[] Values, string[] Flags, string[] Repeatable)> Known = new(StringComparer.Ordinal)
    {
        ["accept"] = (["--baselines", "--from"], [], []),
        ["diff"] = (["--baselines", "--from"], [], []),
        ["list"] = (["--baselines"], [], []),
        ["orphans"] = (["--baselines", "--results"], [], []),
        ["render"] = (["--baselines", "--results", "--out", "--format"], ["--fail-on-regression"], []),
        ["bdn"] = (["--report", "--baseline", "--out"], ["--fail-on-regression"], []),
        ["baseline show"] = (["--baselines"], [], []),
        ["baseline move"] = (["--baselines", "--commit"], [], []),
        ["baseline build"] = (["--baselines", "--commit", "--project"], [], ["--project"]),
        ["history record"] = (["--store", "--baselines", "--results", "--run", "--repository", "--branch", "--commit", "--parent"], [], []),
        ["history show"] = (["--store", "--test", "--repository", "--branch", "--machine-class", "--last"], [], []),
        ["history report"] = (["--store", "--out", "--results", "--baselines", "--repository", "--branch", "--machine-class", "--test", "--last"], [], []),
        ["bisect"] = (["--test", "--good", "--bad", "--project", "--baselines", "--out", "--timeout", "--store", "--branch", "--operation"], ["--from-history", "--no-diagnosis"], []),
        ["bisect step"] = (["--test", "--against", "--project", "--baselines", "--timeout"], [], []),
        ["history export"] = (["--store", "--format", "--out", "--run", "--repository", "--branch", "--machine-class", "--test", "--last"], [], []),
    };

    private readonly Dictionary<string, List<string>> _values = new(StringComparer.Ordinal);
    private readonly HashSet<string> _flags = new(StringComparer.Ordinal);

    private CliOptions()
    {
    }

    /// <summary>Parses the arguments after the command; throws <see cref="ArgumentException"/> with the usage on anything unexpected.</summary>
    public static CliOptions Parse(string command, IReadOnlyList<string> args)
    {
        if (!Known.TryGetValue(command, out var known))
        {
            throw new ArgumentException($"unknown command '{command}'.{System.Environment.NewLine}{Cli.Usage}");
        }

        var options = new CliOptions();
        for (var i = 0; i < args.Count; i++)
        {
            var name = args[i];
            if ((options._values.ContainsKey(name) && !known.Repeatable.Contains(name)) || options._flags.Contains(name))
            {
                throw new ArgumentException($"'{name}' is given twice.{System.Environment.NewLine}{Cli.Usage}");
            }

            if (known.Flags.Contains(name))
            {
                options._flags.Add(name);
            }
            else if (known.Values.Contains(name) && i + 1 < args.Count)
            {
                if (!options._values.TryGetValue(name, out var values))
                {
                    options._values[name] = values = [];
                }

                values.Add(args[++i]);
            }
            else
            {
                var problem = known.Values.Contains(name) ? $"'{name}' needs a value" : $"'{name}' is not an option of '{command}'";
                throw new ArgumentException($"{problem}.{System.Environment.NewLine}{Cli.Usage}");
            }
        }

        return options;
    }

    /// <summary>The value of an option given once; <see langword="null"/> when it was not given.</summary>
    public string? this[string name] => _values.GetValueOrDefault(name)?[0];

    /// <summary>Every value of an option, in the order given; empty when it was not given.</summary>
    public IReadOnlyList<string> All(string name) => _values.GetValueOrDefault(name) ?? [];

    /// <summary>Whether a flag was given.</summary>
    public bool Has(string flag) => _flags.Contains(flag);
}
