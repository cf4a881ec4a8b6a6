using OrdersService;

var builder = WebApplication.CreateBuilder(args);
builder.Services.AddOrders(builder.Configuration);

var app = builder.Build();
app.MapOrders();
app.Run();

/// <summary>The entry point, public so that tests can start the service with <c>ServiceHost&lt;Program&gt;</c>.</summary>
public partial class Program;
