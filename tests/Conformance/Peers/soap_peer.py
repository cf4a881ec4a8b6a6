"""An independent SOAP client for the BasicHttp stand-in: Debian's python3-zeep, which builds its calls from the WSDL
the endpoint serves (GET /wcf/basic?wsdl), not from our code.

client BASE_URL [QUERY]
                  Loads the WSDL (QUERY: ?wsdl, the default, whose documents import one another as WCF serves them, or
                  ?singleWsdl, everything in one document), then calls EchoSmall, EchoLarge (edge values), GetDataStream, GetTodos, FirstTodo,
                  SendTodos and SendTodo through zeep's generated proxy and checks every answer; an unknown operation
                  name must be refused by zeep itself (it is not in the WSDL).
"""
import datetime
import decimal
import sys
import uuid

import zeep
from zeep.plugins import HistoryPlugin

NIL = "{http://www.w3.org/2001/XMLSchema-instance}nil"
CONTRACT = "{urn:perfassert:targets:2026}"
ADDRESS_FIELDS = ("Name", "Street", "HouseNumber", "PostalCode", "City", "Country")

failures = []


def check(what, expected, actual):
    if expected != actual:
        failures.append("%s: expected %r, got %r" % (what, expected, actual))


def listed(value, name):
    """zeep answers an ArrayOfX either as the list itself or as an object holding it under X."""
    if value is None:
        return []
    return value if isinstance(value, list) else (getattr(value, name) or [])


def zeep_view(value):
    """What zeep hands back for a value it sent: it reads an empty element as None and a nil complex element as an object of Nones."""
    if value == "":
        return None
    return value


def check_wire(item, sent, path):
    """On the wire, "" must be an empty element and None an xsi:nil one (zeep's own reading cannot tell them apart)."""
    def element(parent, name):
        return parent.find(CONTRACT + name) if parent is not None else None

    def expect(node, value, where):
        if value is None:
            check(where + " on the wire", "nil", "nil" if node is not None and node.get(NIL) == "true" else "not nil")
        elif value == "":
            check(where + " on the wire", "empty", "empty" if node is not None and node.get(NIL) is None and not node.text else repr(node.text if node is not None else "(missing)"))

    expect(element(item, "EmailAddress"), sent["EmailAddress"], path + ".EmailAddress")
    for field in ("ShippingAddress", "InvoiceAddress"):
        node = element(item, field)
        if sent[field] is None:
            expect(node, None, path + "." + field)
            continue
        for name in ADDRESS_FIELDS:
            expect(element(node, name), sent[field][name], "%s.%s.%s" % (path, field, name))


def run(base, query):
    history = HistoryPlugin()
    client = zeep.Client(base.rstrip("/") + "/wcf/basic" + query, plugins=[history])
    service = client.service
    operations = sorted(client.wsdl.bindings[list(client.wsdl.bindings)[0]]._operations)
    print("operations in the WSDL: " + ", ".join(operations))
    # Which documents zeep read: with ?wsdl it must have followed the imports to the contract document and the schemas.
    endpoint = base.rstrip("/") + "/wcf/basic"
    wsdls = sorted(location.replace(endpoint, "") for _, location in client.wsdl._definitions)
    schemas = sorted({d._location.replace(endpoint, "") for d in client.wsdl.types.documents if d._location and "?xsd=" in d._location})
    print("WSDL documents read: %s; schema documents read: %s" % (", ".join(wsdls), ", ".join(schemas) or "none (inline)"))

    ids = [str(uuid.UUID(int=0)), "ffffffff-ffff-ffff-ffff-ffffffffffff", "00112233-4455-6677-8899-aabbccddeeff"]
    small = service.EchoSmall(items={"SmallItem": [{"Id": i} for i in ids]})
    check("EchoSmall ids", ids, [item.Id for item in listed(small, "SmallItem")])

    large_in = [
        {
            "OrderId": ids[2],
            "OrderNumber": 2 ** 64 - 1,
            "EmailAddress": "",
            "ShippingAddress": {"Name": "\U0001F4E6 Ünïcödé", "Street": "שלום עולם 12", "HouseNumber": "", "PostalCode": None, "City": "مرحبا", "Country": "日本"},
            "InvoiceAddress": None,
            "RequestedDeliveryDate": {"DateTime": datetime.datetime(2026, 1, 1, 12, 0, 0, tzinfo=datetime.timezone.utc), "OffsetMinutes": -720},
            "ShippingCosts": decimal.Decimal("79228162514264337593543950335"),
            "LastModified": {"DateTime": datetime.datetime(2025, 6, 30, 9, 59, 59, 999999, tzinfo=datetime.timezone.utc), "OffsetMinutes": 840},
            "CreateNonce": ids[1],
            "OrderLines": {"OrderLine": []},
        },
        {
            "OrderId": ids[0],
            "OrderNumber": 0,
            "EmailAddress": None,
            "ShippingAddress": {"Name": None, "Street": "", "HouseNumber": None, "PostalCode": None, "City": None, "Country": "\u202eRTL override"},
            "InvoiceAddress": {"Name": "a&b<c>", "Street": "line\nbreak", "HouseNumber": "\t", "PostalCode": "\"'", "City": "Kraków", "Country": ""},
            "RequestedDeliveryDate": {"DateTime": datetime.datetime(2024, 2, 29, 7, 4, 56, 123456, tzinfo=datetime.timezone.utc), "OffsetMinutes": 330},
            "ShippingCosts": decimal.Decimal("-79228162514264337593543950335"),
            "LastModified": {"DateTime": datetime.datetime(1970, 1, 1, tzinfo=datetime.timezone.utc), "OffsetMinutes": 0},
            "CreateNonce": "123e4567-e89b-12d3-a456-426614174000",
            "OrderLines": {"OrderLine": [
                {"Sku": "", "Quantity": -2 ** 31, "Product": None, "Price": decimal.Decimal("0.0000000000000000000000000001")},
                {"Sku": "\U0001F600" * 40, "Quantity": 2 ** 31 - 1, "Product": "x" * 300, "Price": decimal.Decimal("19.90")},
            ]},
        },
    ]
    large = listed(service.EchoLarge(items={"LargeItem": large_in}), "LargeItem")
    check("EchoLarge count", 2, len(large))
    wire = history.last_received["envelope"].iter(CONTRACT + "LargeItem")
    for i, (sent, got, item) in enumerate(zip(large_in, large, wire)):
        check_wire(item, sent, "EchoLarge[%d]" % i)
        for field in ("OrderId", "OrderNumber", "EmailAddress", "ShippingCosts", "CreateNonce"):
            check("EchoLarge[%d].%s" % (i, field), zeep_view(sent[field]), getattr(got, field))
        for field in ("ShippingAddress", "InvoiceAddress"):
            want = {k: zeep_view(v) for k, v in (sent[field] or dict.fromkeys(ADDRESS_FIELDS)).items()}
            have = getattr(got, field)
            check("EchoLarge[%d].%s" % (i, field), want, {k: getattr(have, k) for k in ADDRESS_FIELDS} if have is not None else None)
        for field in ("RequestedDeliveryDate", "LastModified"):
            have = getattr(got, field)
            check("EchoLarge[%d].%s instant" % (i, field), sent[field]["DateTime"], have.DateTime)
            check("EchoLarge[%d].%s offset" % (i, field), sent[field]["OffsetMinutes"], have.OffsetMinutes)
        lines = listed(got.OrderLines, "OrderLine")
        check("EchoLarge[%d].OrderLines" % i, [{k: zeep_view(v) for k, v in line.items()} for line in sent["OrderLines"]["OrderLine"]],
              [{k: getattr(line, k) for k in ("Sku", "Quantity", "Product", "Price")} for line in lines])
    print("EchoSmall and EchoLarge: %d and %d items" % (len(ids), len(large_in)))

    data = listed(service.GetDataStream(min=-2, max=40), "CompositeType")
    check("GetDataStream count", 43, len(data))
    check("GetDataStream first", -2, data[0].IntValue if data else None)
    todos = listed(service.GetTodos(), "TodoItem")
    first = service.FirstTodo()
    check("FirstTodo is the first of GetTodos", todos[0].Id if todos else None, first.Id)
    check("SendTodo answers the id", first.Id, service.SendTodo(item=first))
    check("SendTodos answers the count", len(todos), service.SendTodos(items={"TodoItem": todos}))
    print("GetDataStream, GetTodos, FirstTodo, SendTodo, SendTodos: %d todos" % len(todos))

    try:
        service.EchoMedium(items=None)
        failures.append("zeep called EchoMedium, which the WSDL does not have")
    except AttributeError:
        pass


if __name__ == "__main__":
    if len(sys.argv) not in (3, 4) or sys.argv[1] != "client":
        sys.exit("usage: soap_peer.py client BASE_URL [?wsdl|?singleWsdl]")
    try:
        run(sys.argv[2], sys.argv[3] if len(sys.argv) == 4 else "?wsdl")
    except zeep.exceptions.Error as error:
        failures.append("zeep: %s" % error)
    for failure in failures:
        print("FAIL " + failure)
    print("python-zeep %s: %d failures" % (zeep.__version__, len(failures)))
    sys.exit(1 if failures else 0)
