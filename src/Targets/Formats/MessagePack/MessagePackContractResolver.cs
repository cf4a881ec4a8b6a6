using System.Collections.Frozen;
using PerfAssert.Targets.Formats.MessagePack.Contracts;

namespace PerfAssert.Targets.Formats.MessagePack;

/// <summary>
/// The formatters of every contract the targets exchange and of lists of them. There is no reflection-based
/// fallback: a type not listed here is not MessagePack-serializable, which the MVC formatters report as unsupported.
/// </summary>
public static class MessagePackContractResolver
{
    private static readonly FrozenDictionary<Type, IMessagePackObjectFormatter> Formatters = CreateFormatters();

    /// <summary>Whether <paramref name="type"/> has a formatter.</summary>
    public static bool CanHandle(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return Formatters.ContainsKey(type);
    }

    /// <summary>The formatter of <typeparamref name="T"/>; throws for a type without one.</summary>
    public static IMessagePackFormatter<T> Get<T>() => Cache<T>.Formatter
        ?? throw new NotSupportedException($"{typeof(T)} has no MessagePack formatter; add one to {nameof(MessagePackContractResolver)}.");

    /// <summary>The untyped formatter of <paramref name="type"/>; throws for a type without one.</summary>
    public static IMessagePackObjectFormatter Get(Type type)
    {
        ArgumentNullException.ThrowIfNull(type);
        return Formatters.TryGetValue(type, out var formatter)
            ? formatter
            : throw new NotSupportedException($"{type} has no MessagePack formatter; add one to {nameof(MessagePackContractResolver)}.");
    }

    private static FrozenDictionary<Type, IMessagePackObjectFormatter> CreateFormatters()
    {
        var formatters = new Dictionary<Type, IMessagePackObjectFormatter>();
        Add(formatters, SmallItemFormatter.Instance);
        Add(formatters, LargeItemFormatter.Instance);
        Add(formatters, AddressFormatter.Instance);
        Add(formatters, OrderLineFormatter.Instance);
        Add(formatters, CompositeTypeFormatter.Instance);
        Add(formatters, TodoItemFormatter.Instance);
        Add(formatters, DataRequestFormatter.Instance);
        return formatters.ToFrozenDictionary();
    }

    private static void Add<T>(Dictionary<Type, IMessagePackObjectFormatter> formatters, ContractFormatter<T> formatter)
        where T : class
    {
        formatters.Add(typeof(T), formatter);
        formatters.Add(typeof(List<T>), new ListFormatter<T>(formatter));
    }

    // A typed lookup once per type instead of a dictionary probe and a cast per call.
    private static class Cache<T>
    {
        public static readonly IMessagePackFormatter<T>? Formatter =
            Formatters.TryGetValue(typeof(T), out var formatter) ? formatter as IMessagePackFormatter<T> : null;
    }
}
