using Microsoft.AspNetCore.Http.HttpResults;
using OrdersService.Faults;
using OrdersService.Orders;
using OrdersService.Quotes;

namespace OrdersService;

/// <summary>
/// The HTTP API. v2 (<c>/orders</c>) serializes with source-generated JSON and prices carts in one indexed pass; v1
/// (<c>/v1/orders</c>) answers the same requests the old way for clients that have not moved yet.
/// </summary>
public static class OrdersEndpoints
{
    /// <summary>Maps both API versions.</summary>
    public static IEndpointRouteBuilder MapOrders(this IEndpointRouteBuilder app)
    {
        ArgumentNullException.ThrowIfNull(app);
        app.MapGet("/orders/{id:int}", GetOrder);
        app.MapPost("/orders/quote", PostQuote);
        app.MapGet("/v1/orders/{id:int}", GetOrderV1);
        app.MapPost("/v1/orders/quote", PostQuoteV1);
        return app;
    }

    private static Results<Ok<Order>, NotFound> GetOrder(int id, OrderStore store, FaultInjection faults)
    {
        faults.OnRequest();
        return store.TryGet(id, out var order) ? TypedResults.Ok(order) : TypedResults.NotFound();
    }

    private static Results<Ok<Quote>, ValidationProblem> PostQuote(QuoteRequest request, Catalog catalog, QuoteCalculator calculator, FaultInjection faults)
    {
        faults.OnRequest();
        return QuoteValidation.Validate(request, catalog) is { } errors
            ? TypedResults.ValidationProblem(errors)
            : TypedResults.Ok(calculator.Calculate(request));
    }

    private static IResult GetOrderV1(int id, OrderStore store) =>
        store.TryGet(id, out var order) ? Results.Json(order, LegacyJson.Options) : Results.NotFound();

    private static IResult PostQuoteV1(QuoteRequest request, Catalog catalog, LegacyQuoteCalculator calculator) =>
        QuoteValidation.Validate(request, catalog) is { } errors
            ? Results.ValidationProblem(errors)
            : Results.Json(calculator.Calculate(request), LegacyJson.Options);
}
