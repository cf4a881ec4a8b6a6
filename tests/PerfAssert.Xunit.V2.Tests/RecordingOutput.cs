using System.Globalization;
using Xunit.Abstractions;

namespace PerfAssert.Xunit.V2.Tests;

/// <summary>An output helper that keeps every line, so tests can read what the adapter wrote.</summary>
internal sealed class RecordingOutput : ITestOutputHelper
{
    public List<string> Lines { get; } = [];

    public void WriteLine(string message) => Lines.Add(message);

    public void WriteLine(string format, params object[] args) => Lines.Add(string.Format(CultureInfo.InvariantCulture, format, args));
}
