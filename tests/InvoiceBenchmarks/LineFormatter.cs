using System.Globalization;
using System.Text;

namespace InvoiceBenchmarks;

/// <summary>The code under test: writes invoice lines as CSV into a reused buffer.</summary>
public sealed class LineFormatter
{
    private readonly StringBuilder _text = new(4096);
    private readonly StringBuilder _scratch = new(4096);
    private readonly bool _slower = Faults.SlowerFormatter;

    /// <summary>The last buffer the fault allocated, kept so the allocation cannot be optimised away.</summary>
    public static byte[]? FaultBuffer { get; private set; }

    public string Format(IReadOnlyList<InvoiceLine> lines)
    {
        _text.Clear();
        for (var i = 0; i < lines.Count; i++)
        {
            Append(_text, lines[i]);
            if (_slower && i % 4 == 0)
            {
                _scratch.Clear();
                Append(_scratch, lines[i]);
            }
        }

        if (_slower)
        {
            FaultBuffer = new byte[64];
        }

        return _text.ToString();
    }

    private static void Append(StringBuilder text, in InvoiceLine line) =>
        text.Append(CultureInfo.InvariantCulture, $"{line.Sku},{line.Quantity},{line.Price}\n");
}
