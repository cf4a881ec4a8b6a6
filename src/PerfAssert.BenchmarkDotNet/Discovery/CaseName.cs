using System.Globalization;

namespace PerfAssert.BenchmarkDotNet.Discovery;

/// <summary>Readable case ids, stable across runs and readable in a baseline diff: <c>Format(Rows: 100, sep: ",")</c>.</summary>
internal static class CaseName
{
    public static string Of(string method, IEnumerable<KeyValuePair<string, object?>> values)
    {
        var parts = values.Select(v => v.Key + ": " + Value(v.Value)).ToList();
        return parts.Count == 0 ? method : method + "(" + string.Join(", ", parts) + ")";
    }

    public static string Value(object? value) => value switch
    {
        null => "null",
        string text => "\"" + text + "\"",
        char c => "'" + c + "'",
        bool b => b ? "true" : "false",
        IFormattable formattable => formattable.ToString(null, CultureInfo.InvariantCulture),
        _ => value.ToString() ?? value.GetType().Name,
    };
}
