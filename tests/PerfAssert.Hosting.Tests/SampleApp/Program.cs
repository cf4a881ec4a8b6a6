var builder = WebApplication.CreateBuilder(args);
var app = builder.Build();
app.MapGet("/ping", () => "pong from Program");
app.MapGet("/work", () => (Work.Spin(20_000) ^ (ulong)Work.Buffer(7).Length).ToString(System.Globalization.CultureInfo.InvariantCulture));
app.Run();

/// <summary>The entry point, public so that tests can name it as WebApplicationFactory's TEntryPoint.</summary>
public partial class Program;
