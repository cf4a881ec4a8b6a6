using MessagePack;
using Microsoft.AspNetCore.Http;
using Microsoft.AspNetCore.Mvc;
using Microsoft.AspNetCore.Mvc.Formatters;
using Microsoft.AspNetCore.Mvc.ModelBinding;
using Microsoft.Extensions.DependencyInjection;
using Microsoft.Extensions.Options;
using Microsoft.Extensions.Primitives;
using PerfAssert.Targets.Contracts;
using PerfAssert.Targets.Services.MessagePackApi;

namespace PerfAssert.Functional.MessagePack;

/// <summary>The MVC formatters without controllers: registration order, reading and writing on a bare HttpContext.</summary>
public sealed class MessagePackMvcFormatterTests
{
    [Theory]
    [InlineData(true)]
    [InlineData(false)]
    public void ConfigureServices_BeforeOrAfterControllers_PutsBothFormattersFirst(bool moduleFirst)
    {
        var services = new ServiceCollection().AddLogging();
        if (moduleFirst)
        {
            new MessagePackApiModule().ConfigureServices(services);
        }

        services.AddControllers().AddNewtonsoftJson();
        if (!moduleFirst)
        {
            new MessagePackApiModule().ConfigureServices(services);
        }

        using var provider = services.BuildServiceProvider();
        var options = provider.GetRequiredService<IOptions<MvcOptions>>().Value;

        Assert.IsType<MessagePackInputFormatter>(options.InputFormatters[0]);
        Assert.IsType<MessagePackOutputFormatter>(options.OutputFormatters[0]);
    }

    [Fact]
    public async Task InputFormatter_ValidBody_ReadsTheModel()
    {
        var sent = PayloadGenerator.Large(3);
        var context = InputContext(MessagePackBodies.Of(sent), MessagePackMediaType.Value, typeof(List<LargeItem>));
        var formatter = new MessagePackInputFormatter();

        Assert.True(formatter.CanRead(context));
        var result = await formatter.ReadAsync(context);

        Assert.False(result.HasError);
        Assert.Null(PayloadComparer.FirstDifference(sent, (List<LargeItem>?)result.Model, PayloadComparer.Large));
    }

    [Fact]
    public async Task InputFormatter_MalformedBody_IsAModelErrorNotAnException()
    {
        var context = InputContext([0x91, 0x92], MessagePackMediaType.Value, typeof(List<LargeItem>));

        var result = await new MessagePackInputFormatter().ReadAsync(context);

        Assert.True(result.HasError);
        Assert.Contains("MessagePack", Assert.Single(context.ModelState["items"]!.Errors).ErrorMessage, StringComparison.Ordinal);
    }

    public static TheoryData<string, byte[], string> Refused => new()
    {
        { "trailing nil", MessagePackBodies.TrailingNil(), "and nothing may follow it" },
        { "LargeItem one element short", MessagePackBodies.LargeItemOneElementShort(), "LargeItem is an array of 11 elements (index = DataMember Order, up to its highest), got 10" },
        { "LargeItem one element long", MessagePackBodies.LargeItemOneElementLong(), "LargeItem is an array of 11 elements (index = DataMember Order, up to its highest), got 12" },
        { "truncated", MessagePackBodies.Of(PayloadGenerator.Large(2))[..^5], "List<LargeItem>" },
        { "a map for a list", [0x80], "List<LargeItem>" },
    };

    [Theory]
    [MemberData(nameof(Refused))]
    public async Task InputFormatter_BodyTheLibraryWouldReadOrRefuse_IsAModelErrorWithTheReason(string what, byte[] body, string reason)
    {
        var context = InputContext(body, MessagePackMediaType.Value, typeof(List<LargeItem>));

        var result = await new MessagePackInputFormatter().ReadAsync(context);

        Assert.True(result.HasError, what);
        var error = Assert.Single(context.ModelState["items"]!.Errors).ErrorMessage;
        Assert.StartsWith("The body is not a valid MessagePack List<LargeItem>: ", error, StringComparison.Ordinal);
        Assert.Contains(reason, error, StringComparison.Ordinal);
    }

    [Fact]
    public void InputFormatter_OtherContentTypeOrType_CannotRead()
    {
        var formatter = new MessagePackInputFormatter();

        Assert.False(formatter.CanRead(InputContext([0x90], "application/json", typeof(List<LargeItem>))));
        Assert.False(formatter.CanRead(InputContext([0x90], MessagePackMediaType.Value, typeof(string))));
    }

    [Fact]
    public async Task OutputFormatter_AskedForMessagePack_WritesTheLibrarysBytes()
    {
        var sent = PayloadGenerator.Small(4);
        var context = OutputContext(sent, MessagePackMediaType.Value, out var body);
        var formatter = new MessagePackOutputFormatter();

        Assert.True(formatter.CanWriteResult(context));
        await formatter.WriteAsync(context);

        // Exactly what the library's defaults write: the length check changes reading only.
        Assert.Equal(MessagePackSerializer.Serialize(sent, MessagePackSerializerOptions.Standard, TestContext.Current.CancellationToken), body.ToArray());
        Assert.StartsWith(MessagePackMediaType.Value, context.HttpContext.Response.ContentType, StringComparison.Ordinal);
    }

    [Fact]
    public void OutputFormatter_NoContentTypeAskedFor_DeclinesSoJsonStaysTheDefault()
    {
        var formatter = new MessagePackOutputFormatter();

        Assert.False(formatter.CanWriteResult(OutputContext(PayloadGenerator.Small(1), null, out _)));
        Assert.False(formatter.CanWriteResult(OutputContext(PayloadGenerator.Small(1), "application/json", out _)));
    }

    private static InputFormatterContext InputContext(byte[] body, string contentType, Type modelType)
    {
        var http = new DefaultHttpContext();
        http.Request.Body = new MemoryStream(body);
        http.Request.ContentType = contentType;
        http.Request.ContentLength = body.Length;
        var metadata = new EmptyModelMetadataProvider().GetMetadataForType(modelType);
        return new InputFormatterContext(http, "items", new ModelStateDictionary(), metadata, (stream, encoding) => new StreamReader(stream, encoding));
    }

    private static OutputFormatterWriteContext OutputContext<T>(T value, string? contentType, out MemoryStream body)
    {
        var http = new DefaultHttpContext();
        body = new MemoryStream();
        http.Response.Body = body;
        return new OutputFormatterWriteContext(http, (stream, encoding) => new StreamWriter(stream, encoding), typeof(T), value)
        {
            ContentType = contentType is null ? default : new StringSegment(contentType),
        };
    }
}
