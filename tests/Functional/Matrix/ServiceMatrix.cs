using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Hosting;

namespace PerfAssert.Functional.Matrix;

/// <summary>
/// GetDataStream (CompositeType lists) and the todo operations on every stack that offers them, compared field by
/// field with the server's seeded data. Each stack runs in memory where it can, otherwise over loopback.
/// </summary>
internal static class ServiceMatrix
{
    /// <summary>Ranges of the NetTcp-vs-gRPC experiment: one item, the reference 0..42, negatives, and 1,000 items.</summary>
    private static readonly (int Min, int Max)[] Ranges = [(0, 0), (0, 42), (-21, 21), (1, 1000)];

    /// <summary>The todo operations; <c>Send-N</c> sends N seeded items, the <c>Edge</c> ones hand-built extremes.</summary>
    private static readonly string[] TodoOperations = ["Get", "First", "Send-0", "Send-1", "Send-100", "SendEdge", "SendOneEdge"];

    public static TheoryData<string, int, int> DataStreamCases(bool inMemory)
    {
        var cases = new TheoryData<string, int, int>();
        foreach (var stack in ServiceStacks.DataStream.Where(s => s.SupportsInMemory == inMemory))
        {
            foreach (var (min, max) in Ranges)
            {
                cases.Add(stack.Id, min, max);
            }
        }

        return cases;
    }

    public static TheoryData<string, string> TodoCases(bool inMemory)
    {
        var cases = new TheoryData<string, string>();
        foreach (var stack in ServiceStacks.Todo.Where(s => s.SupportsInMemory == inMemory))
        {
            foreach (var operation in TodoOperations)
            {
                cases.Add(stack.Id, operation);
            }
        }

        return cases;
    }

    public static async Task AssertDataStreamAsync(TargetEndpoints endpoints, string stackId, int min, int max)
    {
        using var cts = Bounded();
        await using var client = ServiceStacks.DataStream.Single(s => s.Id == stackId).Create(endpoints);

        var received = await client.GetDataStreamAsync(min, max, cts.Token);

        var difference = PayloadComparer.FirstDifference(PayloadGenerator.Composite(min, max), received, PayloadComparer.Composite);
        Assert.True(difference is null, $"{stackId} GetDataStream({min}, {max}): {difference}");
    }

    public static async Task AssertTodoAsync(TargetEndpoints endpoints, string stackId, string operation)
    {
        using var cts = Bounded();
        await using var client = ServiceStacks.Todo.Single(s => s.Id == stackId).Create(endpoints);
        var collection = PayloadGenerator.Todos();
        switch (operation)
        {
            case "Get":
                var difference = PayloadComparer.FirstDifference(collection, await client.GetAsync(cts.Token), PayloadComparer.Todo);
                Assert.True(difference is null, $"{stackId} Get: {difference}");
                break;
            case "First":
                Assert.Null(PayloadComparer.Todo(collection[0], await client.FirstAsync(cts.Token)));
                break;
            case "SendEdge":
                Assert.Equal(EdgeTodos().Count, await client.SendAsync(EdgeTodos(), cts.Token));
                break;
            case "SendOneEdge":
                foreach (var item in EdgeTodos())
                {
                    Assert.Equal(item.Id, await client.SendOneAsync(item, cts.Token));
                }

                break;
            default:
                var count = int.Parse(operation["Send-".Length..], System.Globalization.CultureInfo.InvariantCulture);
                Assert.Equal(count, await client.SendAsync(PayloadGenerator.Todos(count, seed: 3), cts.Token));
                break;
        }
    }

    /// <summary>Todos whose ids (the one thing SendOne answers) sit at the ends of int, with awkward titles and dates.</summary>
    private static List<TodoItem> EdgeTodos() =>
    [
        new() { Id = int.MaxValue, Title = null, IsComplete = true, CreatedAt = DateTimeOffset.MaxValue },
        new() { Id = int.MinValue, Title = string.Empty, IsComplete = false, CreatedAt = DateTimeOffset.MinValue },
        new() { Id = 0, Title = "👩‍👩‍👧‍👦 <&> \"שלום\"\u200F", IsComplete = true, CreatedAt = new DateTimeOffset(2026, 6, 1, 12, 0, 0, TimeSpan.FromHours(-12)).AddTicks(1) },
    ];

    private static CancellationTokenSource Bounded()
    {
        var cts = CancellationTokenSource.CreateLinkedTokenSource(TestContext.Current.CancellationToken);
        cts.CancelAfter(MatrixTimeout.PerCase);
        return cts;
    }
}
