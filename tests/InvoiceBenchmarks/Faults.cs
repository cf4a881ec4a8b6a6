namespace InvoiceBenchmarks;

/// <summary>
/// A fault switch in the code under test, as a team would add to show that a budget bites: a formatter created while it
/// is on formats every fourth line a second time (about a quarter more work) and allocates one extra 64-byte buffer per
/// call. Off by default; the benchmark class does not know it exists.
/// </summary>
public static class Faults
{
    public static bool SlowerFormatter { get; set; }
}
