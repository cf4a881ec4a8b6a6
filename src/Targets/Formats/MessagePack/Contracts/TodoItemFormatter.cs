using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Formats.MessagePack.Contracts;

/// <summary><see cref="TodoItem"/> as <c>[nil, Id, Title, IsComplete, CreatedAt: [timestamp, offset minutes]]</c>.</summary>
public sealed class TodoItemFormatter : ContractFormatter<TodoItem>
{
    private TodoItemFormatter()
        : base(4)
    {
    }

    public static TodoItemFormatter Instance { get; } = new();

    protected override void WriteFields(ref MessagePackWriter writer, TodoItem value)
    {
        writer.Write(value.Id);
        writer.Write(value.Title);
        writer.Write(value.IsComplete);
        writer.Write(value.CreatedAt);
    }

    protected override TodoItem ReadFields(ref MessagePackReader reader) => new()
    {
        Id = reader.ReadInt32(),
        Title = reader.ReadString(),
        IsComplete = reader.ReadBoolean(),
        CreatedAt = reader.ReadDateTimeOffset(),
    };
}
