"""An independent gRPC peer for the gRPC targets (grpc-dotnet): Debian's python3-grpcio and python3-protobuf, not .NET code.

Message classes come from the project's .proto files, compiled by Debian's protoc into GENDIR; the calls use grpcio's
generic API, so no generated stubs are needed.

client TARGET GENDIR   Calls every method of Echo, Todos and DataStream on TARGET (host:port, h2c) with edge payloads
                       and checks the answers, a deadline, an unknown method and a malformed message.
server GENDIR          Serves Echo on 127.0.0.1 (prints "listening PORT"): every item decoded by python-protobuf and
                       encoded again. Exits when its standard input closes.
"""
import concurrent.futures
import sys
import threading
import time
import uuid

import grpc

SERVICE = "/perfassert.targets."
failures = []


def check(what, expected, actual):
    if expected != actual:
        failures.append("%s: expected %r, got %r" % (what, expected, actual))


def load(gendir):
    sys.path.insert(0, gendir)
    import payloads_pb2  # noqa: E402  (generated at test time)
    from google.protobuf import empty_pb2
    return payloads_pb2, empty_pb2


def decimal_value(pb, coefficient, scale, negative=False):
    return pb.DecimalValue(low64=coefficient & (2 ** 64 - 1), high32=coefficient >> 64, scale=scale, negative=negative)


def offset_time(pb, utc_seconds, nanos, offset_minutes):
    value = pb.OffsetDateTime(offset_minutes=offset_minutes)
    value.instant.seconds = utc_seconds
    value.instant.nanos = nanos
    return value


YEAR_1 = -62135596800          # 0001-01-01T00:00:00Z
YEAR_9999_END = 253402300799   # 9999-12-31T23:59:59Z


def large_items(pb):
    first = pb.Large(
        order_id=uuid.UUID("00112233-4455-6677-8899-aabbccddeeff").bytes,
        order_number=2 ** 64 - 1,
        email_address="",
        shipping_address=pb.Address(name="\U0001F4E6 Ünïcödé", street="שלום עולם 12", house_number="", city="مرحبا", country="日本"),
        # 0001-01-01T00:00:00-12:00 is 12:00 UTC; 9999-12-31T23:59:59.9999999+14:00 is 09:59:59.9999999 UTC.
        requested_delivery_date=offset_time(pb, YEAR_1 + 12 * 3600, 0, -720),
        shipping_costs=decimal_value(pb, 2 ** 96 - 1, 0),
        last_modified=offset_time(pb, YEAR_9999_END - 14 * 3600, 999999900, 840),
        create_nonce=uuid.UUID("ffffffff-ffff-ffff-ffff-ffffffffffff").bytes,
    )
    second = pb.Large(
        order_id=bytes(16),
        order_number=0,
        shipping_address=pb.Address(street="", country="\u202eRTL override"),
        invoice_address=pb.Address(name="a\u0000b", street="line\r\nbreak", house_number="\t", postal_code="<&>", city="\"'", country=""),
        requested_delivery_date=offset_time(pb, 1709188496 - 330 * 60, 123456700, 330),
        shipping_costs=decimal_value(pb, 2 ** 96 - 1, 0, negative=True),
        last_modified=offset_time(pb, 0, 100, 0),
        create_nonce=uuid.UUID("123e4567-e89b-12d3-a456-426614174000").bytes,
        order_lines=[
            pb.OrderLine(sku="", quantity=-2 ** 31, price=decimal_value(pb, 1, 28)),
            pb.OrderLine(sku="\U0001F600" * 40, quantity=2 ** 31 - 1, product="x" * 300, price=decimal_value(pb, 1990, 2)),
            pb.OrderLine(quantity=0, product="", price=decimal_value(pb, 0, 2)),
        ],
    )
    return [first, second]


def small_items(pb):
    return [pb.Small(id=bytes(16)), pb.Small(id=b"\xff" * 16), pb.Small(id=uuid.UUID("00112233-4455-6677-8899-aabbccddeeff").bytes)]


def run_client(target, gendir):
    pb, empty_pb2 = load(gendir)
    channel = grpc.insecure_channel(target)
    grpc.channel_ready_future(channel).result(timeout=30)

    def unary(method, request, reply, timeout=30):
        return channel.unary_unary(SERVICE + method, request_serializer=lambda m: m.SerializeToString(), response_deserializer=reply.FromString)(request, timeout=timeout)

    def server_stream(method, request, reply):
        return list(channel.unary_stream(SERVICE + method, request_serializer=lambda m: m.SerializeToString(), response_deserializer=reply.FromString)(request, timeout=30))

    def client_stream(method, requests, reply):
        return channel.stream_unary(SERVICE + method, request_serializer=lambda m: m.SerializeToString(), response_deserializer=reply.FromString)(iter(requests), timeout=30)

    large, small = large_items(pb), small_items(pb)
    check("Echo/EchoLarge", pb.LargeList(items=large), unary("Echo/EchoLarge", pb.LargeList(items=large), pb.LargeList))
    check("Echo/EchoSmall", pb.SmallList(items=small), unary("Echo/EchoSmall", pb.SmallList(items=small), pb.SmallList))
    check("Echo/EchoLarge (empty)", pb.LargeList(), unary("Echo/EchoLarge", pb.LargeList(), pb.LargeList))
    check("Echo/EchoLargeServerStream", large, server_stream("Echo/EchoLargeServerStream", pb.LargeList(items=large), pb.Large))
    check("Echo/EchoSmallServerStream", small, server_stream("Echo/EchoSmallServerStream", pb.SmallList(items=small), pb.Small))
    check("Echo/EchoLargeClientStream", pb.LargeList(items=large), client_stream("Echo/EchoLargeClientStream", large, pb.LargeList))
    check("Echo/EchoSmallClientStream", pb.SmallList(items=small), client_stream("Echo/EchoSmallClientStream", small, pb.SmallList))
    print("Echo: 6 methods, %d large and %d small items" % (len(large), len(small)))

    todos = unary("Todos/Get", empty_pb2.Empty(), pb.TodoList)
    check("Todos/Get has items", True, len(todos.items) > 0)
    first = unary("Todos/First", empty_pb2.Empty(), pb.Todo)
    check("Todos/First is the first of Get", todos.items[0] if todos.items else None, first)
    check("Todos/GetStreaming", list(todos.items), server_stream("Todos/GetStreaming", empty_pb2.Empty(), pb.Todo))
    check("Todos/SendOne", pb.SendOneReply(id=first.id), unary("Todos/SendOne", first, pb.SendOneReply))
    check("Todos/Send", pb.SendReply(count=len(todos.items)), unary("Todos/Send", todos, pb.SendReply))
    check("Todos/SendStreaming", pb.SendReply(count=len(todos.items)), client_stream("Todos/SendStreaming", list(todos.items), pb.SendReply))
    print("Todos: 6 methods, %d todos" % len(todos.items))

    composites = unary("DataStream/GetDataStream", pb.DataRequest(min=-2, max=40), pb.CompositeList)
    check("DataStream/GetDataStream count", 43, len(composites.items))
    check("DataStream/GetDataStream first", -2, composites.items[0].int_value if composites.items else None)
    check("DataStream/GetDataStreamStreaming", list(composites.items), server_stream("DataStream/GetDataStreamStreaming", pb.DataRequest(min=-2, max=40), pb.Composite))
    check("DataStream/GetDataStream (empty range)", 0, len(unary("DataStream/GetDataStream", pb.DataRequest(min=5, max=4), pb.CompositeList).items))
    print("DataStream: 2 methods")

    def status_of(call):
        try:
            call()
            return grpc.StatusCode.OK
        except grpc.RpcError as error:
            return error.code()

    check("a too-large data range", grpc.StatusCode.INVALID_ARGUMENT, status_of(lambda: unary("DataStream/GetDataStream", pb.DataRequest(min=0, max=2 ** 31 - 1), pb.CompositeList)))
    check("an unknown method", grpc.StatusCode.UNIMPLEMENTED, status_of(lambda: unary("Echo/EchoMedium", pb.SmallList(), pb.SmallList)))
    # The deadline passes while the server waits for the first request message, so the call cannot finish in time. (A
    # 1 us deadline on a unary call raced: grpc servers, grpc-dotnet's too, cancel on a timer, and a fast handler could
    # answer OK before it fired; CI saw that once.)
    def held_back(items, seconds):
        time.sleep(seconds)
        yield from items

    late = channel.stream_unary(SERVICE + "Echo/EchoSmallClientStream", request_serializer=lambda m: m.SerializeToString(), response_deserializer=pb.SmallList.FromString)
    check("a deadline that passes while the server waits", grpc.StatusCode.DEADLINE_EXCEEDED, status_of(lambda: late(held_back(small, 2), timeout=0.2)))
    malformed = channel.unary_unary(SERVICE + "Echo/EchoLarge", request_serializer=lambda b: b, response_deserializer=pb.LargeList.FromString)
    check("a message that is not protobuf", True, status_of(lambda: malformed(b"\xff\xff\xff\xff", timeout=30)) != grpc.StatusCode.OK)
    check("Echo/EchoSmall after the bad calls", pb.SmallList(items=small), unary("Echo/EchoSmall", pb.SmallList(items=small), pb.SmallList))
    print("errors: out-of-range, unknown method, deadline, malformed message, then a good call")
    channel.close()


def run_server(gendir):
    pb, _ = load(gendir)

    def same(request, context):
        return request

    def items(request, context):
        return iter(list(request.items))

    def collect(list_type):
        return lambda requests, context: list_type(items=list(requests))

    def unary(request_type):
        return grpc.unary_unary_rpc_method_handler(same, request_deserializer=request_type.FromString, response_serializer=lambda m: m.SerializeToString())

    def server_stream(request_type):
        return grpc.unary_stream_rpc_method_handler(items, request_deserializer=request_type.FromString, response_serializer=lambda m: m.SerializeToString())

    def client_stream(item_type, list_type):
        return grpc.stream_unary_rpc_method_handler(collect(list_type), request_deserializer=item_type.FromString, response_serializer=lambda m: m.SerializeToString())

    handlers = {
        "EchoSmall": unary(pb.SmallList),
        "EchoLarge": unary(pb.LargeList),
        "EchoSmallServerStream": server_stream(pb.SmallList),
        "EchoLargeServerStream": server_stream(pb.LargeList),
        "EchoSmallClientStream": client_stream(pb.Small, pb.SmallList),
        "EchoLargeClientStream": client_stream(pb.Large, pb.LargeList),
    }
    server = grpc.server(concurrent.futures.ThreadPoolExecutor(max_workers=4))
    server.add_generic_rpc_handlers([grpc.method_handlers_generic_handler("perfassert.targets.Echo", handlers)])
    port = server.add_insecure_port("127.0.0.1:0")
    server.start()
    print("listening %d" % port, flush=True)
    sys.stdin.read()
    server.stop(grace=None)


if __name__ == "__main__":
    if sys.argv[1:2] == ["server"] and len(sys.argv) == 3:
        run_server(sys.argv[2])
    elif sys.argv[1:2] == ["client"] and len(sys.argv) == 4:
        try:
            run_client(sys.argv[2], sys.argv[3])
        except grpc.RpcError as error:
            failures.append("a call failed: %s %s" % (error.code(), error.details()))
        for failure in failures:
            print("FAIL " + failure)
        print("python-grpcio %s: %d failures" % (grpc.__version__, len(failures)))
        sys.exit(1 if failures else 0)
    else:
        sys.exit("usage: grpc_peer.py client HOST:PORT GENDIR | server GENDIR")
