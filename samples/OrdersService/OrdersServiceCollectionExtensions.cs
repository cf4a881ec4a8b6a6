using OrdersService.Faults;
using OrdersService.Orders;
using OrdersService.Quotes;

namespace OrdersService;

/// <summary>Registers what the orders API needs.</summary>
public static class OrdersServiceCollectionExtensions
{
    /// <summary>Adds the catalog, the order store, both quote calculators, the fault switch and the JSON metadata.</summary>
    public static IServiceCollection AddOrders(this IServiceCollection services, IConfiguration configuration)
    {
        ArgumentNullException.ThrowIfNull(services);
        ArgumentNullException.ThrowIfNull(configuration);
        services.AddSingleton<Catalog>();
        services.AddSingleton<OrderStore>();
        services.AddSingleton<QuoteCalculator>();
        services.AddSingleton<LegacyQuoteCalculator>();
        services.AddSingleton<FaultInjection>();
        services.AddOptions<FaultOptions>()
            .Bind(configuration.GetSection("Faults"))
            .Validate(f => f.ExtraBytesPerRequest >= 0, "Faults:ExtraBytesPerRequest must be 0 or more.")
            .Validate(f => f.ExtraCpuMicrosecondsPerRequest >= 0, "Faults:ExtraCpuMicrosecondsPerRequest must be 0 or more.")
            .Validate(f => f.LockMicrosecondsPerRequest >= 0, "Faults:LockMicrosecondsPerRequest must be 0 or more.")
            .ValidateOnStart();
        services.ConfigureHttpJsonOptions(json => json.SerializerOptions.TypeInfoResolverChain.Insert(0, OrdersJsonContext.Default));
        return services;
    }
}
