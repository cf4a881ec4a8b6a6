using PerfAssert.Functional.Hosting;
using PerfAssert.Targets.Clients.Http;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Fixtures;

namespace PerfAssert.Functional.AspNetCore;

/// <summary>The operations experiment over REST, against the shared todo store.</summary>
public abstract class TodoRestTests(TargetsFixture fixture)
{
    [Fact]
    public async Task Get_Always_ReturnsTheWholeGeneratedCollection()
    {
        using var cts = Bounded.Within();
        await using var client = new RestTodoClient(fixture.Endpoints);

        var todos = await client.GetAsync(cts.Token);

        Assert.Equal(PayloadGenerator.TodoCollectionSize, todos.Count);
        Assert.Null(PayloadComparer.FirstDifference(PayloadGenerator.Todos(), todos, PayloadComparer.Todo));
    }

    [Fact]
    public async Task First_Always_ReturnsTheFirstItem()
    {
        using var cts = Bounded.Within();
        await using var client = new RestTodoClient(fixture.Endpoints);

        var first = await client.FirstAsync(cts.Token);

        Assert.Null(PayloadComparer.Todo(PayloadGenerator.Todos(1)[0], first));
    }

    [Theory]
    [InlineData(0)]
    [InlineData(PayloadGenerator.TodoCollectionSize)]
    public async Task Send_Collection_AnswersCountReceived(int count)
    {
        using var cts = Bounded.Within();
        await using var client = new RestTodoClient(fixture.Endpoints);

        var received = await client.SendAsync(PayloadGenerator.Todos(count), cts.Token);

        Assert.Equal(count, received);
    }

    [Fact]
    public async Task SendOne_Item_AnswersItsId()
    {
        using var cts = Bounded.Within();
        await using var client = new RestTodoClient(fixture.Endpoints);
        var item = PayloadGenerator.Todos(42)[41];

        var id = await client.SendOneAsync(item, cts.Token);

        Assert.Equal(42, id);
    }
}
