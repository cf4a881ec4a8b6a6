using System.ServiceModel;
using PerfAssert.Targets.Contracts;

namespace PerfAssert.Targets.Clients.Wcf;

/// <summary>
/// The stand-ins' service contract as a WCF user declares it for <see cref="ChannelFactory{TChannel}"/>, on the project's
/// data contracts. Task-returning operations keep their names without "Async" (EchoSmall, ...), as WCF's contract
/// description does, so the actions are those of <see cref="Services.Wcf.WcfContract"/>.
/// </summary>
[ServiceContract(Name = Services.Wcf.WcfContract.Name, Namespace = Services.Wcf.WcfContract.Namespace)]
public interface IWcfService
{
    [OperationContract] Task<List<SmallItem>> EchoSmallAsync(List<SmallItem> items);

    [OperationContract] Task<List<LargeItem>> EchoLargeAsync(List<LargeItem> items);

    [OperationContract] Task<List<CompositeType>> GetDataStreamAsync(int min, int max);

    [OperationContract] Task<List<TodoItem>> GetTodosAsync();

    [OperationContract] Task<TodoItem> FirstTodoAsync();

    [OperationContract] Task<int> SendTodosAsync(List<TodoItem> items);

    [OperationContract] Task<int> SendTodoAsync(TodoItem item);
}
