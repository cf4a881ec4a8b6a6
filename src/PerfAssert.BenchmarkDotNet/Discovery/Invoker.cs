using System.Linq.Expressions;
using System.Reflection;
using PerfAssert.Measurement;

namespace PerfAssert.BenchmarkDotNet.Discovery;

/// <summary>
/// Turns a benchmark method on an instance, with its arguments, into a PerfAssert <see cref="Operation"/>. The call is a
/// compiled delegate with the arguments bound as constants, so a call allocates exactly what the method allocates
/// (reflection's <c>Invoke</c> would box arguments and results and add its own allocations to the figure).
/// </summary>
internal static class Invoker
{
    public static Operation Create(string name, object instance, MethodInfo method, IReadOnlyList<object?> arguments)
    {
        var parameters = method.GetParameters();
        var args = parameters.Select((p, i) => (Expression)Expression.Constant(arguments[i], p.ParameterType)).ToArray();
        var call = Expression.Call(method.IsStatic ? null : Expression.Constant(instance), method, args);
        var returns = method.ReturnType;
        if (typeof(Task).IsAssignableFrom(returns))
        {
            var task = Expression.Lambda<Func<Task>>(Expression.Convert(call, typeof(Task))).Compile();
            return Operation.Async(name, _ => task());
        }

        if (returns == typeof(ValueTask))
        {
            var valueTask = Expression.Lambda<Func<ValueTask>>(call).Compile();
            return Operation.Async(name, _ => valueTask());
        }

        if (returns.IsGenericType && returns.GetGenericTypeDefinition() == typeof(ValueTask<>))
        {
            var result = returns.GetGenericArguments()[0];
            var factory = typeof(Invoker).GetMethod(nameof(AwaitValueTask), BindingFlags.NonPublic | BindingFlags.Static)!.MakeGenericMethod(result);
            var source = Expression.Lambda(typeof(Func<>).MakeGenericType(returns), call).Compile();
            return Operation.Async(name, (Func<CancellationToken, ValueTask>)factory.Invoke(null, [source])!);
        }

        var action = Expression.Lambda<Action>(call).Compile();
        return Operation.Sync(name, action);
    }

    private static Func<CancellationToken, ValueTask> AwaitValueTask<T>(Func<ValueTask<T>> source) => async _ => await source().ConfigureAwait(false);
}
