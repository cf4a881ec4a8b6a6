namespace PerfAssert.Targets.Protos;

/// <summary>
/// Maps the C# contracts to the protobuf messages of <c>payloads.proto</c> and back without loss: a decimal keeps
/// its scale, a <see cref="DateTimeOffset"/> its offset, a <see cref="ulong"/> all 64 bits and a null string stays null.
/// </summary>
/// <remarks>
/// Messages from the wire may hold values no contract can: <see cref="ProtoValues"/> throws
/// <see cref="FormatException"/> for those, which the server answers with INVALID_ARGUMENT.
/// </remarks>
public static class ProtoMapping
{
    public static SmallList ToProto(List<Contracts.SmallItem> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        var list = new SmallList();
        foreach (var item in items)
        {
            list.Items.Add(ToProto(item));
        }

        return list;
    }

    public static LargeList ToProto(List<Contracts.LargeItem> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        var list = new LargeList();
        foreach (var item in items)
        {
            list.Items.Add(ToProto(item));
        }

        return list;
    }

    public static CompositeList ToProto(List<Contracts.CompositeType> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        var list = new CompositeList();
        foreach (var item in items)
        {
            list.Items.Add(ToProto(item));
        }

        return list;
    }

    public static TodoList ToProto(List<Contracts.TodoItem> items)
    {
        ArgumentNullException.ThrowIfNull(items);
        var list = new TodoList();
        foreach (var item in items)
        {
            list.Items.Add(ToProto(item));
        }

        return list;
    }

    public static List<Contracts.SmallItem> ToContract(SmallList list)
    {
        ArgumentNullException.ThrowIfNull(list);
        return list.Items.Select(ToContract).ToList();
    }

    public static List<Contracts.LargeItem> ToContract(LargeList list)
    {
        ArgumentNullException.ThrowIfNull(list);
        return list.Items.Select(ToContract).ToList();
    }

    public static List<Contracts.CompositeType> ToContract(CompositeList list)
    {
        ArgumentNullException.ThrowIfNull(list);
        return list.Items.Select(ToContract).ToList();
    }

    public static List<Contracts.TodoItem> ToContract(TodoList list)
    {
        ArgumentNullException.ThrowIfNull(list);
        return list.Items.Select(ToContract).ToList();
    }

    public static Small ToProto(Contracts.SmallItem item)
    {
        ArgumentNullException.ThrowIfNull(item);
        return new Small { Id = ProtoValues.FromGuid(item.Id) };
    }

    public static Contracts.SmallItem ToContract(Small message)
    {
        ArgumentNullException.ThrowIfNull(message);
        return new Contracts.SmallItem { Id = ProtoValues.ToGuid(message.Id) };
    }

    public static Large ToProto(Contracts.LargeItem item)
    {
        ArgumentNullException.ThrowIfNull(item);
        var message = new Large
        {
            OrderId = ProtoValues.FromGuid(item.OrderId),
            OrderNumber = item.OrderNumber,
            ShippingAddress = ToProto(item.ShippingAddress),
            InvoiceAddress = ToProto(item.InvoiceAddress),
            RequestedDeliveryDate = ProtoValues.FromDateTimeOffset(item.RequestedDeliveryDate),
            ShippingCosts = ProtoValues.FromDecimal(item.ShippingCosts),
            LastModified = ProtoValues.FromDateTimeOffset(item.LastModified),
            CreateNonce = ProtoValues.FromGuid(item.CreateNonce),
        };
        if (item.EmailAddress is not null)
        {
            message.EmailAddress = item.EmailAddress;
        }

        foreach (var line in item.OrderLines)
        {
            message.OrderLines.Add(ToProto(line));
        }

        return message;
    }

    public static Contracts.LargeItem ToContract(Large message)
    {
        ArgumentNullException.ThrowIfNull(message);
        return new Contracts.LargeItem
        {
            OrderId = ProtoValues.ToGuid(message.OrderId),
            OrderNumber = message.OrderNumber,
            EmailAddress = message.HasEmailAddress ? message.EmailAddress : null,
            ShippingAddress = ToContract(message.ShippingAddress),
            InvoiceAddress = ToContract(message.InvoiceAddress),
            RequestedDeliveryDate = ProtoValues.ToDateTimeOffset(message.RequestedDeliveryDate),
            ShippingCosts = ProtoValues.ToDecimal(message.ShippingCosts),
            LastModified = ProtoValues.ToDateTimeOffset(message.LastModified),
            CreateNonce = ProtoValues.ToGuid(message.CreateNonce),
            OrderLines = message.OrderLines.Select(ToContract).ToList(),
        };
    }

    public static Composite ToProto(Contracts.CompositeType item)
    {
        ArgumentNullException.ThrowIfNull(item);
        var message = new Composite { BoolValue = item.BoolValue, IntValue = item.IntValue };
        if (item.StringValue is not null)
        {
            message.StringValue = item.StringValue;
        }

        return message;
    }

    public static Contracts.CompositeType ToContract(Composite message)
    {
        ArgumentNullException.ThrowIfNull(message);
        return new Contracts.CompositeType
        {
            BoolValue = message.BoolValue,
            StringValue = message.HasStringValue ? message.StringValue : null,
            IntValue = message.IntValue,
        };
    }

    public static Todo ToProto(Contracts.TodoItem item)
    {
        ArgumentNullException.ThrowIfNull(item);
        var message = new Todo { Id = item.Id, IsComplete = item.IsComplete, CreatedAt = ProtoValues.FromDateTimeOffset(item.CreatedAt) };
        if (item.Title is not null)
        {
            message.Title = item.Title;
        }

        return message;
    }

    public static Contracts.TodoItem ToContract(Todo message)
    {
        ArgumentNullException.ThrowIfNull(message);
        return new Contracts.TodoItem
        {
            Id = message.Id,
            Title = message.HasTitle ? message.Title : null,
            IsComplete = message.IsComplete,
            CreatedAt = ProtoValues.ToDateTimeOffset(message.CreatedAt),
        };
    }

    private static Address? ToProto(Contracts.Address? address)
    {
        if (address is null)
        {
            return null;
        }

        var message = new Address();
        if (address.Name is not null)
        {
            message.Name = address.Name;
        }

        if (address.Street is not null)
        {
            message.Street = address.Street;
        }

        if (address.HouseNumber is not null)
        {
            message.HouseNumber = address.HouseNumber;
        }

        if (address.PostalCode is not null)
        {
            message.PostalCode = address.PostalCode;
        }

        if (address.City is not null)
        {
            message.City = address.City;
        }

        if (address.Country is not null)
        {
            message.Country = address.Country;
        }

        return message;
    }

    private static Contracts.Address? ToContract(Address? message) => message is null ? null : new Contracts.Address
    {
        Name = message.HasName ? message.Name : null,
        Street = message.HasStreet ? message.Street : null,
        HouseNumber = message.HasHouseNumber ? message.HouseNumber : null,
        PostalCode = message.HasPostalCode ? message.PostalCode : null,
        City = message.HasCity ? message.City : null,
        Country = message.HasCountry ? message.Country : null,
    };

    private static OrderLine ToProto(Contracts.OrderLine line)
    {
        var message = new OrderLine { Quantity = line.Quantity, Price = ProtoValues.FromDecimal(line.Price) };
        if (line.Sku is not null)
        {
            message.Sku = line.Sku;
        }

        if (line.Product is not null)
        {
            message.Product = line.Product;
        }

        return message;
    }

    private static Contracts.OrderLine ToContract(OrderLine message) => new()
    {
        Sku = message.HasSku ? message.Sku : null,
        Quantity = message.Quantity,
        Product = message.HasProduct ? message.Product : null,
        Price = ProtoValues.ToDecimal(message.Price),
    };
}
