// A real WCF peer for the stand-in WCF targets: Mono's System.ServiceModel (Debian's mono-runtime,
// libmono-system-servicemodel4.0a-cil and libmono-system-servicemodel-web4.0-cil), compiled at test time by Mono's mcs
// (mono-mcs). It knows the stand-in only by the contract's names, declared below the way a WCF user declares a
// contract; nothing of PerfAssert is referenced.
//
//   mono mono_wcf_peer.exe client nettcp net.tcp://127.0.0.1:PORT/wcf/nettcp
//   mono mono_wcf_peer.exe client basichttp http://127.0.0.1:PORT/wcf/basic
//       calls every operation with edge-case payloads, prints "ok NAME" or "FAIL NAME: why" per check, then
//       "mono-wcf BINDING: N checks, F failures", and exits 0 only without failures.
//   mono mono_wcf_peer.exe client nettcp-transport net.tcp://127.0.0.1:PORT/wcf/nettcp
//       one EchoSmall over NetTcpBinding(SecurityMode.Transport) with no client credential (the stand-in's TLS choice),
//       any certificate accepted; prints "served" or "refused: TYPE: MESSAGE" and exits 0 either way (a probe).
//   mono mono_wcf_peer.exe client webjson http://127.0.0.1:PORT/wcf/web/json
//   mono mono_wcf_peer.exe client webxml http://127.0.0.1:PORT/wcf/web/xml
//       the same over WCF's WebHttp shape: POST OPERATION with a bare body; GetDataStream takes a DataRequest body. XML
//       through WebChannelFactory and WebHttpBinding (System.ServiceModel.Web); JSON through Mono's
//       DataContractJsonSerializer over HttpWebRequest (see WebJsonClient for why). JSON's dates carry milliseconds
//       only, so a JSON echo is checked against what Mono's own serializer keeps.
//   mono mono_wcf_peer.exe service webxml|webjson PORT
//       hosts the WebHttp shape (POST OPERATION, bare bodies, DataRequest for GetDataStream) with Mono's WebServiceHost
//       on http://127.0.0.1:PORT/wcf/web/xml (XML) or /wcf/web/json (JSON), the same operations as below; max < min
//       answers HTTP 400 (set on the outgoing response: Mono has no WebFaultException), as the stand-in does.
//   mono mono_wcf_peer.exe service nettcp|basichttp PORT
//       hosts the contract on net.tcp://127.0.0.1:PORT/wcf/nettcp (NetTcpBinding, SecurityMode.None) or on
//       http://127.0.0.1:PORT/wcf/basic (BasicHttpBinding, SOAP 1.1 text), prints
//       "listening ADDRESS", and serves until its standard input closes. Its operations: the echoes return what they
//       got; GetDataStream(min, max) returns, for each value, BoolValue = value is even, StringValue = "Item {value} ✓",
//       IntValue = value, and a FaultException when max < min; GetTodos returns MonoTodos(); FirstTodo its first; SendTodos the count; SendTodo the id.
using System;
using System.Collections.Generic;
using System.Globalization;
using System.IO;
using System.Linq;
using System.Runtime.Serialization;
using System.ServiceModel;
using System.ServiceModel.Channels;
using System.ServiceModel.Web;
using System.Runtime.Serialization.Json;
using System.Text;
using System.Xml;

namespace MonoWcfPeer
{
    internal static class Names
    {
        public const string Namespace = "urn:perfassert:targets:2026";
    }

    [DataContract(Namespace = Names.Namespace)]
    public class SmallItem
    {
        [DataMember(Order = 1)] public Guid Id { get; set; }
    }

    [DataContract(Namespace = Names.Namespace)]
    public class Address
    {
        [DataMember(Order = 1)] public string Name { get; set; }
        [DataMember(Order = 2)] public string Street { get; set; }
        [DataMember(Order = 3)] public string HouseNumber { get; set; }
        [DataMember(Order = 4)] public string PostalCode { get; set; }
        [DataMember(Order = 5)] public string City { get; set; }
        [DataMember(Order = 6)] public string Country { get; set; }
    }

    [DataContract(Namespace = Names.Namespace)]
    public class OrderLine
    {
        [DataMember(Order = 1)] public string Sku { get; set; }
        [DataMember(Order = 2)] public int Quantity { get; set; }
        [DataMember(Order = 3)] public string Product { get; set; }
        [DataMember(Order = 4)] public decimal Price { get; set; }
    }

    [DataContract(Namespace = Names.Namespace)]
    public class LargeItem
    {
        [DataMember(Order = 1)] public Guid OrderId { get; set; }
        [DataMember(Order = 2)] public ulong OrderNumber { get; set; }
        [DataMember(Order = 3)] public string EmailAddress { get; set; }
        [DataMember(Order = 4)] public Address ShippingAddress { get; set; }
        [DataMember(Order = 5)] public Address InvoiceAddress { get; set; }
        [DataMember(Order = 6)] public DateTimeOffset RequestedDeliveryDate { get; set; }
        [DataMember(Order = 7)] public decimal ShippingCosts { get; set; }
        [DataMember(Order = 8)] public DateTimeOffset LastModified { get; set; }
        [DataMember(Order = 9)] public Guid CreateNonce { get; set; }
        [DataMember(Order = 10)] public List<OrderLine> OrderLines { get; set; }
    }

    [DataContract(Namespace = Names.Namespace)]
    public class TodoItem
    {
        [DataMember(Order = 1)] public int Id { get; set; }
        [DataMember(Order = 2)] public string Title { get; set; }
        [DataMember(Order = 3)] public bool IsComplete { get; set; }
        [DataMember(Order = 4)] public DateTimeOffset CreatedAt { get; set; }
    }

    [DataContract(Namespace = Names.Namespace)]
    public class CompositeType
    {
        [DataMember(Order = 1)] public bool BoolValue { get; set; }
        [DataMember(Order = 2)] public string StringValue { get; set; }
        [DataMember(Order = 3)] public int IntValue { get; set; }
    }

    [ServiceContract(Name = "IWcfService", Namespace = Names.Namespace)]
    public interface IWcfService
    {
        [OperationContract] List<SmallItem> EchoSmall(List<SmallItem> items);
        [OperationContract] List<LargeItem> EchoLarge(List<LargeItem> items);
        [OperationContract] List<CompositeType> GetDataStream(int min, int max);
        [OperationContract] List<TodoItem> GetTodos();
        [OperationContract] TodoItem FirstTodo();
        [OperationContract] int SendTodos(List<TodoItem> items);
        [OperationContract] int SendTodo(TodoItem item);
    }

    [DataContract(Namespace = Names.Namespace)]
    public class DataRequest
    {
        [DataMember(Order = 1)] public int Min { get; set; }
        [DataMember(Order = 2)] public int Max { get; set; }
    }

    // WebHttp (REST) shape of the same contract as a WCF user writes it for WebChannelFactory: bare XML bodies.
    [ServiceContract(Name = "IWcfService", Namespace = Names.Namespace)]
    public interface IWcfXmlService
    {
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "EchoSmall", BodyStyle = WebMessageBodyStyle.Bare)] List<SmallItem> EchoSmall(List<SmallItem> items);
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "EchoLarge", BodyStyle = WebMessageBodyStyle.Bare)] List<LargeItem> EchoLarge(List<LargeItem> items);
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "GetDataStream", BodyStyle = WebMessageBodyStyle.Bare)] List<CompositeType> GetDataStream(DataRequest request);
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "GetTodos", BodyStyle = WebMessageBodyStyle.Bare)] List<TodoItem> GetTodos();
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "FirstTodo", BodyStyle = WebMessageBodyStyle.Bare)] TodoItem FirstTodo();
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "SendTodos", BodyStyle = WebMessageBodyStyle.Bare)] int SendTodos(List<TodoItem> items);
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "SendTodo", BodyStyle = WebMessageBodyStyle.Bare)] int SendTodo(TodoItem item);
    }

    // The same WebHttp shape with JSON bodies, as a WCF service declares it.
    [ServiceContract(Name = "IWcfService", Namespace = Names.Namespace)]
    public interface IWcfJsonService
    {
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "EchoSmall", BodyStyle = WebMessageBodyStyle.Bare, RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)] List<SmallItem> EchoSmall(List<SmallItem> items);
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "EchoLarge", BodyStyle = WebMessageBodyStyle.Bare, RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)] List<LargeItem> EchoLarge(List<LargeItem> items);
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "GetDataStream", BodyStyle = WebMessageBodyStyle.Bare, RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)] List<CompositeType> GetDataStream(DataRequest request);
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "GetTodos", BodyStyle = WebMessageBodyStyle.Bare, RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)] List<TodoItem> GetTodos();
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "FirstTodo", BodyStyle = WebMessageBodyStyle.Bare, RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)] TodoItem FirstTodo();
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "SendTodos", BodyStyle = WebMessageBodyStyle.Bare, RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)] int SendTodos(List<TodoItem> items);
        [OperationContract, WebInvoke(Method = "POST", UriTemplate = "SendTodo", BodyStyle = WebMessageBodyStyle.Bare, RequestFormat = WebMessageFormat.Json, ResponseFormat = WebMessageFormat.Json)] int SendTodo(TodoItem item);
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class MonoWebService : IWcfXmlService, IWcfJsonService
    {
        public List<SmallItem> EchoSmall(List<SmallItem> items) { return items; }
        public List<LargeItem> EchoLarge(List<LargeItem> items) { return items; }
        public List<CompositeType> GetDataStream(DataRequest request)
        {
            if (request.Max < request.Min)
            {
                // Mono has no WebFaultException: the status is set on the outgoing response, as WCF 3.5 services did.
                var response = WebOperationContext.Current.OutgoingResponse;
                response.StatusCode = System.Net.HttpStatusCode.BadRequest;
                response.StatusDescription = "GetDataStream: max (" + request.Max + ") is less than min (" + request.Min + ")";
                return null;
            }

            return Payloads.DataStream(request.Min, request.Max);
        }

        public List<TodoItem> GetTodos() { return Payloads.MonoTodos(); }
        public TodoItem FirstTodo() { return Payloads.MonoTodos()[0]; }
        public int SendTodos(List<TodoItem> items) { return items.Count; }
        public int SendTodo(TodoItem item) { return item.Id; }
    }

    [ServiceBehavior(InstanceContextMode = InstanceContextMode.Single, ConcurrencyMode = ConcurrencyMode.Multiple)]
    public class MonoService : IWcfService
    {
        public List<SmallItem> EchoSmall(List<SmallItem> items) { return items; }
        public List<LargeItem> EchoLarge(List<LargeItem> items) { return items; }
        public List<CompositeType> GetDataStream(int min, int max)
        {
            if (max < min)
            {
                throw new FaultException("GetDataStream: max (" + max + ") is less than min (" + min + ").");
            }

            return Payloads.DataStream(min, max);
        }

        public List<TodoItem> GetTodos() { return Payloads.MonoTodos(); }
        public TodoItem FirstTodo() { return Payloads.MonoTodos()[0]; }
        public int SendTodos(List<TodoItem> items) { return items.Count; }
        public int SendTodo(TodoItem item) { return item.Id; }
    }

    internal static class Payloads
    {
        public static List<CompositeType> DataStream(int min, int max)
        {
            var items = new List<CompositeType>();
            for (long next = min; next <= max; next++)
            {
                var value = (int)next;
                items.Add(new CompositeType { BoolValue = value % 2 == 0, StringValue = "Item " + value.ToString(CultureInfo.InvariantCulture) + " \u2713", IntValue = value });
            }

            return items;
        }

        public static List<TodoItem> MonoTodos()
        {
            return new List<TodoItem>
            {
                new TodoItem { Id = int.MaxValue, Title = "\U0001F680 \u05E9\u05DC\u05D5\u05DD", IsComplete = true, CreatedAt = new DateTimeOffset(9999, 12, 31, 23, 59, 59, TimeSpan.FromHours(14)).AddTicks(9999999) },
                new TodoItem { Id = 0, Title = "", IsComplete = false, CreatedAt = new DateTimeOffset(1, 1, 1, 0, 0, 0, TimeSpan.FromHours(-12)) },
                new TodoItem { Id = -1, Title = null, IsComplete = false, CreatedAt = new DateTimeOffset(2024, 2, 29, 12, 34, 56, TimeSpan.FromMinutes(330)).AddTicks(1234567) },
            };
        }

        public static List<SmallItem> Small()
        {
            return new List<SmallItem>
            {
                new SmallItem { Id = Guid.Empty },
                new SmallItem { Id = new Guid("ffffffff-ffff-ffff-ffff-ffffffffffff") },
                new SmallItem { Id = new Guid("00112233-4455-6677-8899-aabbccddeeff") },
            };
        }

        public static List<LargeItem> Large()
        {
            return new List<LargeItem>
            {
                new LargeItem
                {
                    OrderId = new Guid("00112233-4455-6677-8899-aabbccddeeff"),
                    OrderNumber = ulong.MaxValue,
                    EmailAddress = "",
                    ShippingAddress = new Address { Name = "\U0001F4E6 \u00DCn\u00EFc\u00F6d\u00E9", Street = "\u05E9\u05DC\u05D5\u05DD \u05E2\u05D5\u05DC\u05DD 12", HouseNumber = "", PostalCode = null, City = "\u0645\u0631\u062D\u0628\u0627", Country = "\u65E5\u672C" },
                    InvoiceAddress = null,
                    RequestedDeliveryDate = new DateTimeOffset(1, 1, 1, 0, 0, 0, TimeSpan.FromHours(-12)),
                    ShippingCosts = decimal.MaxValue,
                    LastModified = new DateTimeOffset(DateTime.MaxValue.Ticks, TimeSpan.FromHours(14)),
                    CreateNonce = new Guid("ffffffff-ffff-ffff-ffff-ffffffffffff"),
                    OrderLines = new List<OrderLine>(),
                },
                new LargeItem
                {
                    OrderId = Guid.Empty,
                    OrderNumber = 0,
                    EmailAddress = null,
                    ShippingAddress = new Address { Name = null, Street = "", Country = "\u202ERTL override" },
                    InvoiceAddress = new Address { Name = "tab\there", Street = "line\r\nbreak", HouseNumber = "\t", PostalCode = "<&>]]>", City = "\"'", Country = "" },
                    RequestedDeliveryDate = new DateTimeOffset(2024, 2, 29, 12, 34, 56, TimeSpan.FromMinutes(330)).AddTicks(1234567),
                    ShippingCosts = decimal.MinValue,
                    LastModified = new DateTimeOffset(1970, 1, 1, 0, 0, 0, TimeSpan.Zero).AddTicks(1),
                    CreateNonce = new Guid("123e4567-e89b-12d3-a456-426614174000"),
                    OrderLines = new List<OrderLine>
                    {
                        new OrderLine { Sku = "", Quantity = int.MinValue, Product = null, Price = new decimal(1, 0, 0, false, 28) },
                        new OrderLine { Sku = string.Concat(Enumerable.Repeat("\U0001F600", 40)), Quantity = int.MaxValue, Product = new string('x', 300), Price = 19.90m },
                        new OrderLine { Sku = null, Quantity = 0, Product = "", Price = 0.00m },
                    },
                },
            };
        }
    }

    internal static class Program
    {
        private static int _checks;
        private static int _failures;

        private static int Main(string[] args)
        {
            try
            {
                if (args.Length == 3 && args[0] == "client" && args[1] == "webjson")
                {
                    return WebJsonClient(args[2]);
                }

                if (args.Length == 3 && args[0] == "client" && args[1] == "webxml")
                {
                    return WebXmlClient(args[2]);
                }

                if (args.Length == 3 && args[0] == "client" && args[1] == "nettcp-transport")
                {
                    return TransportProbe(args[2]);
                }

                if (args.Length == 3 && args[0] == "client")
                {
                    return Client(args[1], args[2]);
                }

                if (args.Length == 3 && args[0] == "service" && (args[1] == "nettcp" || args[1] == "basichttp"))
                {
                    return Service(args[1], int.Parse(args[2], CultureInfo.InvariantCulture));
                }

                if (args.Length == 3 && args[0] == "service" && (args[1] == "webxml" || args[1] == "webjson"))
                {
                    return WebService(args[1], int.Parse(args[2], CultureInfo.InvariantCulture));
                }

                Console.Error.WriteLine("usage: mono_wcf_peer.exe client nettcp|nettcp-transport|basichttp|webjson|webxml ADDRESS | service nettcp|basichttp|webxml|webjson PORT");
                return 2;
            }
            catch (Exception ex)
            {
                Console.WriteLine("error: " + ex);
                return 1;
            }
        }

        private static Binding Binding(string kind)
        {
            var quotas = XmlDictionaryReaderQuotas.Max;
            if (kind == "nettcp")
            {
                return new NetTcpBinding(SecurityMode.None) { MaxReceivedMessageSize = 64 * 1024 * 1024, ReaderQuotas = quotas, SendTimeout = TimeSpan.FromSeconds(30) };
            }

            if (kind == "basichttp")
            {
                return new BasicHttpBinding { MaxReceivedMessageSize = 64 * 1024 * 1024, ReaderQuotas = quotas, SendTimeout = TimeSpan.FromSeconds(30) };
            }

            throw new ArgumentException("unknown binding " + kind);
        }

        private static int Client(string kind, string address)
        {
            var factory = new ChannelFactory<IWcfService>(Binding(kind), new EndpointAddress(address));
            var service = factory.CreateChannel();
            ((IClientChannel)service).Open();
            var calls = new Calls
            {
                EchoSmall = service.EchoSmall, EchoLarge = service.EchoLarge, GetDataStream = service.GetDataStream,
                GetTodos = service.GetTodos, FirstTodo = service.FirstTodo, SendTodos = service.SendTodos, SendTodo = service.SendTodo,
            };
            // A SOAP service answers max < min with a fault, which WCF's client throws as a FaultException.
            RunChecks(calls, large => large, "EchoLarge edge values", "GetDataStream max < min faults", ex => ex is FaultException);
            ((IClientChannel)service).Close();
            factory.Close();
            return Summary(kind);
        }

        private static int TransportProbe(string address)
        {
            var binding = new NetTcpBinding(SecurityMode.Transport) { SendTimeout = TimeSpan.FromSeconds(30), OpenTimeout = TimeSpan.FromSeconds(30) };
            binding.Security.Transport.ClientCredentialType = TcpClientCredentialType.None;
            var factory = new ChannelFactory<IWcfService>(binding, new EndpointAddress(new Uri(address), EndpointIdentity.CreateDnsIdentity("127.0.0.1")));
            factory.Credentials.ServiceCertificate.Authentication.CertificateValidationMode = System.ServiceModel.Security.X509CertificateValidationMode.None;
            try
            {
                var service = factory.CreateChannel();
                service.EchoSmall(Payloads.Small());
                Console.WriteLine("served");
            }
            catch (Exception ex)
            {
                Console.WriteLine("refused: " + ex.GetType().Name + ": " + ex.Message);
            }

            factory.Abort();
            return 0;
        }

        private static int WebXmlClient(string address)
        {
            var binding = new WebHttpBinding { MaxReceivedMessageSize = 64 * 1024 * 1024, ReaderQuotas = XmlDictionaryReaderQuotas.Max, SendTimeout = TimeSpan.FromSeconds(30) };
            var factory = new WebChannelFactory<IWcfXmlService>(binding, new Uri(address));
            var service = factory.CreateChannel();
            var calls = new Calls
            {
                EchoSmall = service.EchoSmall, EchoLarge = service.EchoLarge,
                GetDataStream = (min, max) => service.GetDataStream(new DataRequest { Min = min, Max = max }),
                GetTodos = service.GetTodos, FirstTodo = service.FirstTodo, SendTodos = service.SendTodos, SendTodo = service.SendTodo,
            };
            RunChecks(calls, large => large, "EchoLarge edge values", "GetDataStream max < min is 400", IsBadRequest);
            ((IClientChannel)service).Close();
            factory.Close();
            return Summary("webxml");
        }

        // JSON goes through Mono's DataContractJsonSerializer over HTTP by hand: Mono's WebChannelFactory cannot write a
        // JSON body for a data contract that has a namespace (its formatter hands DataContractSerializer a JSON writer,
        // which refuses the namespace: "JSON namespace is specified as ... but it must be empty"), nor an empty POST for
        // an operation without parameters (it writes xsi:nil with a prefix, which the JSON writer refuses too). What
        // goes over the wire is what WCF's WebHttp JSON sends: a bare body in the serializer's format.
        private static int WebJsonClient(string address)
        {
            var calls = new Calls
            {
                EchoSmall = items => PostJson<List<SmallItem>>(address, "EchoSmall", items),
                EchoLarge = items => PostJson<List<LargeItem>>(address, "EchoLarge", items),
                GetDataStream = (min, max) => PostJson<List<CompositeType>>(address, "GetDataStream", new DataRequest { Min = min, Max = max }),
                GetTodos = () => PostJson<List<TodoItem>>(address, "GetTodos", null),
                FirstTodo = () => PostJson<TodoItem>(address, "FirstTodo", null),
                SendTodos = items => PostJson<int>(address, "SendTodos", items),
                SendTodo = item => PostJson<int>(address, "SendTodo", item),
            };
            // What JSON itself keeps (dates to the millisecond): the stand-in may lose nothing more.
            RunChecks(calls, JsonRoundTrip, "EchoLarge edge values (as JSON keeps them)", "GetDataStream max < min is 400", IsBadRequest);
            return Summary("webjson");
        }

        /// <summary>One binding's or format's way of calling each operation of the contract.</summary>
        private sealed class Calls
        {
            public Func<List<SmallItem>, List<SmallItem>> EchoSmall;
            public Func<List<LargeItem>, List<LargeItem>> EchoLarge;
            public Func<int, int, List<CompositeType>> GetDataStream;
            public Func<List<TodoItem>> GetTodos;
            public Func<TodoItem> FirstTodo;
            public Func<List<TodoItem>, int> SendTodos;
            public Func<TodoItem, int> SendTodo;
        }

        /// <summary>
        /// Every operation with the edge payloads, each answer compared as this side's serializer writes it;
        /// <paramref name="kept"/> is what the format itself keeps of the large items, and <paramref name="isExpectedError"/>
        /// tells the answer to GetDataStream(5, 1) apart from any other failure.
        /// </summary>
        private static void RunChecks(Calls calls, Func<List<LargeItem>, List<LargeItem>> kept, string largeName, string errorName, Func<Exception, bool> isExpectedError)
        {
            var small = Payloads.Small();
            Check("EchoSmall edge guids", Xml(small), () => Xml(calls.EchoSmall(small)));
            Check("EchoSmall empty list", Xml(new List<SmallItem>()), () => Xml(calls.EchoSmall(new List<SmallItem>())));
            var large = Payloads.Large();
            Check(largeName, Xml(kept(large)), () => Xml(calls.EchoLarge(large)));
            Check("EchoLarge again (on one session where the binding has one)", Xml(kept(large)), () => Xml(calls.EchoLarge(large)));
            Check("GetDataStream -3..3", Xml(Payloads.DataStream(-3, 3)), () => Xml(calls.GetDataStream(-3, 3)));
            Check("GetDataStream one", Xml(Payloads.DataStream(int.MaxValue, int.MaxValue)), () => Xml(calls.GetDataStream(int.MaxValue, int.MaxValue)));
            var todos = calls.GetTodos();
            Print("todos-count", todos.Count.ToString(CultureInfo.InvariantCulture));
            Print("first-todo", Line(todos[0]));
            Check("FirstTodo is GetTodos[0]", Xml(todos[0]), () => Xml(calls.FirstTodo()));
            var sent = Payloads.MonoTodos();
            Check("SendTodos counts", "3", () => calls.SendTodos(sent).ToString(CultureInfo.InvariantCulture));
            Check("SendTodos empty", "0", () => calls.SendTodos(new List<TodoItem>()).ToString(CultureInfo.InvariantCulture));
            Check("SendTodo id", int.MaxValue.ToString(CultureInfo.InvariantCulture), () => calls.SendTodo(sent[0]).ToString(CultureInfo.InvariantCulture));
            CheckThrows(errorName, () => calls.GetDataStream(5, 1), isExpectedError);
            Check("served after an error", Xml(small), () => Xml(calls.EchoSmall(small)));
        }

        private static int Summary(string kind)
        {
            Console.WriteLine("mono-wcf " + kind + ": " + _checks + " checks, " + _failures + " failures");
            return _failures == 0 ? 0 : 1;
        }

        /// <summary>An HTTP 400 answer, as HttpWebRequest or Mono's WebHttp client reports it.</summary>
        private static bool IsBadRequest(Exception ex)
        {
            for (var e = ex; e != null; e = e.InnerException)
            {
                var web = e as System.Net.WebException;
                if (web == null)
                {
                    continue;
                }

                var response = web.Response as System.Net.HttpWebResponse;
                return response != null ? response.StatusCode == System.Net.HttpStatusCode.BadRequest : web.Message.Contains("Status code 400");
            }

            return false;
        }

        private static T PostJson<T>(string address, string operation, object body)
        {
            var request = (System.Net.HttpWebRequest)System.Net.WebRequest.Create(address.TrimEnd('/') + "/" + operation);
            request.Method = "POST";
            request.Timeout = 30000;
            if (body == null)
            {
                request.ContentLength = 0;
            }
            else
            {
                var json = new MemoryStream();
                new DataContractJsonSerializer(body.GetType()).WriteObject(json, body);
                request.ContentType = "application/json; charset=utf-8";
                request.ContentLength = json.Length;
                using (var stream = request.GetRequestStream())
                {
                    json.WriteTo(stream);
                }
            }

            using (var response = (System.Net.HttpWebResponse)request.GetResponse())
            using (var answer = response.GetResponseStream())
            {
                if (!response.ContentType.StartsWith("application/json", StringComparison.Ordinal))
                {
                    throw new InvalidDataException(operation + " answered " + response.ContentType + ", not JSON");
                }

                return (T)new DataContractJsonSerializer(typeof(T)).ReadObject(answer);
            }
        }

        private static T JsonRoundTrip<T>(T value)
        {
            var serializer = new DataContractJsonSerializer(typeof(T));
            using (var stream = new MemoryStream())
            {
                serializer.WriteObject(stream, value);
                stream.Position = 0;
                return (T)serializer.ReadObject(stream);
            }
        }

        private static int Service(string kind, int port)
        {
            var address = (kind == "nettcp" ? "net.tcp" : "http") + "://127.0.0.1:" + port.ToString(CultureInfo.InvariantCulture)
                + (kind == "nettcp" ? "/wcf/nettcp" : "/wcf/basic");
            var host = new ServiceHost(new MonoService());
            host.AddServiceEndpoint(typeof(IWcfService), Binding(kind), new Uri(address));
            host.Open();
            Console.WriteLine("listening " + address);
            while (Console.In.ReadLine() != null)
            {
            }

            host.Close(TimeSpan.FromSeconds(5));
            return 0;
        }

        private static int WebService(string kind, int port)
        {
            var address = "http://127.0.0.1:" + port.ToString(CultureInfo.InvariantCulture) + (kind == "webxml" ? "/wcf/web/xml" : "/wcf/web/json");
            var host = new WebServiceHost(new MonoWebService());
            var binding = new WebHttpBinding { MaxReceivedMessageSize = 64 * 1024 * 1024, ReaderQuotas = XmlDictionaryReaderQuotas.Max };
            host.AddServiceEndpoint(kind == "webxml" ? typeof(IWcfXmlService) : typeof(IWcfJsonService), binding, new Uri(address));
            host.Open();
            Console.WriteLine("listening " + address);
            while (Console.In.ReadLine() != null)
            {
            }

            host.Close(TimeSpan.FromSeconds(5));
            return 0;
        }

        private static void Check(string name, string expected, Func<string> actual)
        {
            _checks++;
            try
            {
                var got = actual();
                if (got == expected)
                {
                    Console.WriteLine("ok " + name);
                }
                else
                {
                    _failures++;
                    Console.WriteLine("FAIL " + name + ": expected " + expected + " got " + got);
                }
            }
            catch (Exception ex)
            {
                _failures++;
                Console.WriteLine("FAIL " + name + ": " + ex.GetType().Name + ": " + ex.Message);
            }
        }

        private static void CheckThrows(string name, Action call, Func<Exception, bool> isExpected)
        {
            _checks++;
            try
            {
                call();
                _failures++;
                Console.WriteLine("FAIL " + name + ": no error");
            }
            catch (Exception ex)
            {
                if (isExpected(ex))
                {
                    Console.WriteLine("ok " + name + " (" + ex.GetType().Name + ": " + ex.Message.Split('\n')[0] + ")");
                }
                else
                {
                    _failures++;
                    Console.WriteLine("FAIL " + name + ": " + ex.GetType().Name + ": " + ex.Message);
                }
            }
        }

        private static void Print(string key, string value)
        {
            Console.WriteLine(key + ": " + value);
        }

        /// <summary>A todo as one line, every field exact: the tests compare it with the stand-in's own figures.</summary>
        private static string Line(TodoItem item)
        {
            return item.Id.ToString(CultureInfo.InvariantCulture) + "|" + (item.Title ?? "(null)") + "|" + (item.IsComplete ? "true" : "false") + "|"
                + item.CreatedAt.ToString("yyyy-MM-dd'T'HH:mm:ss.fffffffzzz", CultureInfo.InvariantCulture);
        }

        /// <summary>A value as this side's DataContractSerializer writes it: equal text means every member came back exact.</summary>
        private static string Xml<T>(T value)
        {
            var serializer = new DataContractSerializer(typeof(T));
            using (var text = new StringWriter(CultureInfo.InvariantCulture))
            {
                using (var writer = XmlWriter.Create(text, new XmlWriterSettings { CheckCharacters = false }))
                {
                    serializer.WriteObject(writer, value);
                }

                return text.ToString();
            }
        }
    }
}
