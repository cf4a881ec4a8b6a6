using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary><see cref="Address"/> as <c>[nil, Name, Street, HouseNumber, PostalCode, City, Country]</c>, each a str or nil.</summary>
public sealed class AddressFormatter : ContractFormatter<Address>
{
    private AddressFormatter()
        : base(6)
    {
    }

    public static AddressFormatter Instance { get; } = new();

    protected override void WriteFields(ref MessagePackWriter writer, Address value)
    {
        writer.Write(value.Name);
        writer.Write(value.Street);
        writer.Write(value.HouseNumber);
        writer.Write(value.PostalCode);
        writer.Write(value.City);
        writer.Write(value.Country);
    }

    protected override Address ReadFields(ref MessagePackReader reader) => new()
    {
        Name = reader.ReadString(),
        Street = reader.ReadString(),
        HouseNumber = reader.ReadString(),
        PostalCode = reader.ReadString(),
        City = reader.ReadString(),
        Country = reader.ReadString(),
    };
}
