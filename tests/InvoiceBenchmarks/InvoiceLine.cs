namespace InvoiceBenchmarks;

/// <summary>One line of an invoice.</summary>
public readonly record struct InvoiceLine(string Sku, int Quantity, decimal Price);
