"""An independent MessagePack peer for the MessagePack stand-in: Debian's python3-msgpack, not our code.

client BASE_URL   Sends tricky LargeItems to the controllers' /api/echo/large in three ways and checks each answer:
                  MessagePack in and out (same values, same bytes), MessagePack in and JSON out (the server read
                  the values python meant), JSON in and MessagePack out (python reads the values the server meant).
server            Serves POST /api/echo/small and /api/echo/large on 127.0.0.1 (prints "listening PORT"): decodes
                  the body with python-msgpack, checks every field's type and format, and answers with the values
                  encoded again by python-msgpack. Exits when its standard input closes.

The contract is MessagePack-CSharp's default resolver's for these [DataContract] types: an object is an array indexed by
its members' DataMember orders, which start at 1, so element 0 is nil and the fields follow in order; a Guid is its
36-character "D" string, a decimal its invariant string, a DateTimeOffset an array of the local clock time as a
timestamp extension (-1) and the offset in whole minutes.
"""
import datetime
import decimal
import http.server
import json
import sys
import threading
import urllib.error
import urllib.request
import uuid

import msgpack

MSGPACK = "application/x-msgpack"
EPOCH = datetime.date(1970, 1, 1)
DEC_MAX = "79228162514264337593543950335"


class Dto:
    """A DateTimeOffset as its clock fields, 100 ns ticks of the second, and the offset in minutes."""

    def __init__(self, year, month, day, hour, minute, second, ticks, offset_minutes):
        self.clock = (year, month, day, hour, minute, second)
        self.ticks = ticks
        self.offset = offset_minutes

    def to_msgpack(self):
        y, mo, d, h, mi, s = self.clock
        seconds = (datetime.date(y, mo, d) - EPOCH).days * 86400 + h * 3600 + mi * 60 + s
        return [msgpack.Timestamp(seconds, self.ticks * 100), self.offset]

    def to_json(self):
        """As Newtonsoft writes a DateTimeOffset: seconds, a fraction without trailing zeros, then +hh:mm."""
        y, mo, d, h, mi, s = self.clock
        text = "%04d-%02d-%02dT%02d:%02d:%02d" % (y, mo, d, h, mi, s)
        if self.ticks:
            text += "." + ("%07d" % self.ticks).rstrip("0")
        sign = "-" if self.offset < 0 else "+"
        return text + "%s%02d:%02d" % (sign, abs(self.offset) // 60, abs(self.offset) % 60)


def address(name, street, house, postal, city, country):
    return {"name": name, "street": street, "houseNumber": house, "postalCode": postal, "city": city, "country": country}


def items():
    """Tricky LargeItems as python values, in the JSON names the controllers use."""
    return [
        {
            "orderId": "00112233-4455-6677-8899-aabbccddeeff",
            "orderNumber": 2 ** 64 - 1,
            "emailAddress": "",
            "shippingAddress": address("\U0001F4E6 Ünïcödé \u00e9\u0301", "שלום עולם 12", "", None, "مرحبا", "日本"),
            "invoiceAddress": None,
            "requestedDeliveryDate": Dto(1, 1, 1, 0, 0, 0, 0, -720),
            "shippingCosts": DEC_MAX,
            "lastModified": Dto(9999, 12, 31, 23, 59, 59, 9999999, 840),
            "createNonce": "ffffffff-ffff-ffff-ffff-ffffffffffff",
            "orderLines": [],
        },
        {
            "orderId": "00000000-0000-0000-0000-000000000000",
            "orderNumber": 0,
            "emailAddress": None,
            "shippingAddress": address(None, "", None, "", None, ""),
            "invoiceAddress": address("a\u0000b", "line\r\nbreak", "\t", "<&>", "\"'", "\u202eRTL override"),
            "requestedDeliveryDate": Dto(2024, 2, 29, 12, 34, 56, 1234567, 330),
            "shippingCosts": "-" + DEC_MAX,
            "lastModified": Dto(1970, 1, 1, 0, 0, 0, 1, 0),
            "createNonce": str(uuid.UUID("123e4567-e89b-12d3-a456-426614174000")),
            "orderLines": [
                {"sku": "", "quantity": -2 ** 31, "product": None, "price": "0.0000000000000000000000000001"},
                {"sku": "\U0001F600" * 40, "quantity": 2 ** 31 - 1, "product": "x" * 300, "price": "19.90"},
                {"sku": None, "quantity": 0, "product": "", "price": "0.00"},
            ],
        },
    ]


ADDRESS_FIELDS = ["name", "street", "houseNumber", "postalCode", "city", "country"]
LINE_FIELDS = ["sku", "quantity", "product", "price"]
ITEM_FIELDS = ["orderId", "orderNumber", "emailAddress", "shippingAddress", "invoiceAddress", "requestedDeliveryDate",
               "shippingCosts", "lastModified", "createNonce", "orderLines"]


def to_msgpack_item(item):
    def addr(a):
        return None if a is None else [None] + [a[f] for f in ADDRESS_FIELDS]

    return [
        None, item["orderId"], item["orderNumber"], item["emailAddress"], addr(item["shippingAddress"]),
        addr(item["invoiceAddress"]), item["requestedDeliveryDate"].to_msgpack(), item["shippingCosts"],
        item["lastModified"].to_msgpack(), item["createNonce"], [[None] + [line[f] for f in LINE_FIELDS] for line in item["orderLines"]],
    ]


def to_json_item(item):
    out = dict(item)
    out["requestedDeliveryDate"] = item["requestedDeliveryDate"].to_json()
    out["lastModified"] = item["lastModified"].to_json()
    # JSON numbers for decimals, written from their exact text.
    out["shippingCosts"] = decimal.Decimal(item["shippingCosts"])
    out["orderLines"] = [dict(line, price=decimal.Decimal(line["price"])) for line in item["orderLines"]]
    return out


def dumps_json(value):
    """JSON text with each decimal written as its exact digits (json itself would go through float)."""
    def mark(o):
        if isinstance(o, decimal.Decimal):
            return "\u0001" + format(o, "f") + "\u0001"
        raise TypeError(type(o))

    text = json.dumps(value, default=mark, ensure_ascii=False)
    text = text.replace('"\\u0001', "").replace('\\u0001"', "")
    return text.encode("utf-8")


def post(url, body, content_type, accept):
    request = urllib.request.Request(url, data=body, method="POST", headers={"Content-Type": content_type, "Accept": accept})
    try:
        with urllib.request.urlopen(request, timeout=30) as response:
            return response.status, response.headers.get("Content-Type", ""), response.read()
    except urllib.error.HTTPError as error:
        text = error.read()
        failures.append("POST %s as %s for %s answered %d: %s" % (url, content_type, accept, error.code, text[:500].decode("utf-8", "replace")))
        raise Abort()


class Abort(Exception):
    """The server refused a request: the failure is recorded, the remaining checks cannot run."""


failures = []


def check(what, expected, actual):
    if expected != actual:
        failures.append("%s: expected %r, got %r" % (what, expected, actual))


def compare_json_answer(sent, answer):
    for i, (want, got) in enumerate(zip(sent, answer)):
        for field in ITEM_FIELDS:
            w, g = want[field], got.get(field, "(missing)")
            where = "JSON answer [%d].%s" % (i, field)
            if field in ("requestedDeliveryDate", "lastModified"):
                check(where, w.to_json(), g)
            elif field == "shippingCosts":
                check(where, decimal.Decimal(w), g)
            elif field == "orderLines":
                check(where + " count", len(w), len(g))
                for j, (wl, gl) in enumerate(zip(w, g)):
                    for lf in LINE_FIELDS:
                        check("%s[%d].%s" % (where, j, lf), decimal.Decimal(wl[lf]) if lf == "price" else wl[lf], gl.get(lf, "(missing)"))
            else:
                check(where, w, g)
    check("JSON answer item count", len(sent), len(answer))


def run_client(base):
    url = base.rstrip("/") + "/api/echo/large"
    sent = items()
    packed = msgpack.packb([to_msgpack_item(i) for i in sent], use_bin_type=True)

    # 1. MessagePack in, MessagePack out: the same values, and (both sides write the smallest forms) the same bytes.
    status, kind, body = post(url, packed, MSGPACK, MSGPACK)
    check("msgpack->msgpack status", 200, status)
    check("msgpack->msgpack content type", MSGPACK, kind.split(";")[0])
    check("msgpack->msgpack values", msgpack.unpackb(packed, raw=False), msgpack.unpackb(body, raw=False))
    check("msgpack->msgpack bytes", packed.hex(), body.hex())
    print("msgpack->msgpack: %d items, %d bytes" % (len(sent), len(body)))

    # 2. MessagePack in, JSON out: the server decoded what python encoded as python meant it.
    status, kind, body = post(url, packed, MSGPACK, "application/json")
    check("msgpack->json status", 200, status)
    compare_json_answer(sent, json.loads(body, parse_float=decimal.Decimal, parse_int=int))
    print("msgpack->json: %d bytes" % len(body))

    # 3. JSON in, MessagePack out: python decodes what the server encoded as the values the JSON carried.
    status, kind, body = post(url, dumps_json([to_json_item(i) for i in sent]), "application/json", MSGPACK)
    check("json->msgpack status", 200, status)
    answer = msgpack.unpackb(body, raw=False)
    expected = [to_msgpack_item(i) for i in sent]
    check("json->msgpack item count", len(expected), len(answer))
    for i, (want, got) in enumerate(zip(expected, answer)):
        check("json->msgpack [%d] element 0" % i, None, got[0])
        for f, name in enumerate(ITEM_FIELDS, start=1):
            w, g = want[f], got[f]
            if name == "shippingCosts":
                check("json->msgpack [%d].%s is a string" % (i, name), str, type(g))
                check("json->msgpack [%d].%s" % (i, name), decimal.Decimal(w), decimal.Decimal(g))
            elif name == "orderLines":
                for j, (wl, gl) in enumerate(zip(w, g)):
                    check("json->msgpack [%d].%s[%d]" % (i, name, j), wl[:4] + [decimal.Decimal(wl[4])], gl[:4] + [decimal.Decimal(gl[4])])
            else:
                check("json->msgpack [%d].%s" % (i, name), w, g)
    print("json->msgpack: %d bytes" % len(body))


def validate_item(item, path):
    """Checks one decoded LargeItem's shape and formats as MessagePack-CSharp writes them; returns what is wrong."""
    problems = []
    if not isinstance(item, list) or len(item) != 11 or item[0] is not None:
        return ["%s is not nil and 10 fields: %r" % (path, item)]
    for index, sub in [(4, 7), (5, 7)] + [(10, None)]:
        nested = item[index]
        if sub is not None and nested is not None and not (isinstance(nested, list) and len(nested) == sub and nested[0] is None):
            problems.append("%s[%d] is not nil and %d fields: %r" % (path, index, sub - 1, nested))
    for line in item[10] or []:
        if not (isinstance(line, list) and len(line) == 5 and line[0] is None):
            problems.append("%s order line is not nil and 4 fields: %r" % (path, line))
    if problems:
        return problems
    for index in (1, 9):
        text = item[index]
        if not (isinstance(text, str) and len(text) == 36 and str(uuid.UUID(text)) == text):
            problems.append("%s[%d] is not a lowercase 36-character Guid string: %r" % (path, index, text))
    if not isinstance(item[2], int) or not 0 <= item[2] < 2 ** 64:
        problems.append("%s[2] is not a uint64: %r" % (path, item[2]))
    for index in (6, 8):
        dto = item[index]
        if not (isinstance(dto, list) and len(dto) == 2 and isinstance(dto[0], msgpack.Timestamp) and isinstance(dto[1], int) and -840 <= dto[1] <= 840):
            problems.append("%s[%d] is not [timestamp, offset minutes]: %r" % (path, index, dto))
    for index, value in [(7, item[7])] + [(None, line[4]) for line in (item[10] or [])]:
        try:
            decimal.Decimal(value)
        except Exception:
            problems.append("%s decimal is not an invariant string: %r" % (path, value))
    return problems


class EchoHandler(http.server.BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
        try:
            if self.headers.get("Content-Type", "").split(";")[0] != MSGPACK:
                raise ValueError("Content-Type must be " + MSGPACK)
            value = msgpack.unpackb(body, raw=False)
            if self.path == "/api/echo/large":
                problems = [p for i, item in enumerate(value) for p in validate_item(item, "[%d]" % i)]
            elif self.path == "/api/echo/small":
                problems = ["[%d] is not [nil, Guid string]" % i for i, item in enumerate(value)
                            if not (isinstance(item, list) and len(item) == 2 and item[0] is None and isinstance(item[1], str) and len(item[1]) == 36)]
            else:
                self.answer(404, b"unknown route " + self.path.encode(), "text/plain")
                return
            if problems:
                raise ValueError("; ".join(problems))
            self.answer(200, msgpack.packb(value, use_bin_type=True), MSGPACK)
        except Exception as error:
            self.answer(400, ("python-msgpack peer: %s" % error).encode(), "text/plain")

    def answer(self, status, body, kind):
        self.send_response(status)
        self.send_header("Content-Type", kind)
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, *args):
        pass


def run_server():
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), EchoHandler)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    print("listening %d" % server.server_address[1], flush=True)
    sys.stdin.read()
    server.shutdown()


if __name__ == "__main__":
    if sys.argv[1:2] == ["server"]:
        run_server()
    elif sys.argv[1:2] == ["client"] and len(sys.argv) == 3:
        try:
            run_client(sys.argv[2])
        except Abort:
            pass
        for failure in failures:
            print("FAIL " + failure)
        print("python-msgpack %s: %d failures" % (msgpack.version, len(failures)))
        sys.exit(1 if failures else 0)
    else:
        sys.exit("usage: msgpack_peer.py client BASE_URL | server")
