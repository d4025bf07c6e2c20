#!/usr/bin/env python3
"""Courier scenario server: the backend behaviours that httpbin cannot produce.

Python 3 standard library only.  HTTP/1.1 with keep-alive; every normal answer
carries Content-Length.  JSON is UTF-8 with `Content-Type: application/json;
charset=utf-8` unless a route says otherwise.  Bodies sent to the server are read
whole (Content-Length or chunked) before a route runs, so keep-alive never desyncs.

    python3 scripts/scenario_server.py --port 8081 [--host 127.0.0.1]

Routes ("ANY" = any method; HEAD works everywhere and drops the body; a route
called with a method it does not take answers 405 JSON with an Allow header):

  ANY  /health                         {"ok":true}

  Business envelopes (shop backend: {succeed, code, msg, data})
  ANY  /envelope/shop/ok               succeed true, code 0, msg "查询成功", data = a goods object
  ANY  /envelope/shop/fail             succeed false, code 919, msg "库存不足" (no data)
  ANY  /envelope/shop/succeed-false    code 0 but succeed false, msg "操作失败", data null
  ANY  /envelope/shop/nodata           succeed true, code 0, no "data" key
  ANY  /envelope/shop/null-data        succeed true, code 0, "data": null
  ANY  /envelope/shop/wrong-shape      succeed true, code 0, data is a string where an object is expected
  ANY  /envelope/shop/token            succeed true, code 0, data is the string token "token-abc123"
  ANY  /envelope/shop/http404-in-json  HTTP 200 with {"code":404,"msg":"Not Found"}
  Ranking API ({resultcode (a STRING), reason, result, error_code})
  ANY  /envelope/rank?area=CN          resultcode "200", reason "success", result = [one film]
                                       (alias: /boxoffice/rank); area and key are accepted, not checked
  ANY  /envelope/rank/fail             resultcode "112", reason "超过每日可允许请求次数!"
  ANY  /envelope/resultcode-int        {"resultCode":200,"resultMsg":"查询成功","data":{"name":"x"}}
  Live-room app ({code, msg, data})
  POST /envelope/live/hot              {"code":0,"msg":"ok","data":[{"roomId":1,"title":"Room 1","online":321}]}
                                       (alias: POST /Room/GetHotLive_v2)
  ANY  /envelope/live/login-required   {"code":-1,"msg":"请登录!"}
  ANY  /envelope/nested                {"code":0,"msg":"ok","result":{"list":[1,2,3]}}

  Paged goods
  GET|POST /mallProductsInfo/getProductList
        pageCurrent (default 1), pageSize (default 10), categoryId, read from a form
        body, a JSON body or the query string (body wins).  categoryId 1 has 23 goods,
        any other (or none) has 0.  Answers {"succeed":true,"code":0,"msg":"查询成功",
        "data":{"size":S,"current":C,"pages":P,"total":T,"records":[goods...]}}.
        A non-integer or non-positive page value answers succeed false, code 919.
        Goods i (1...23): {"id":i,"categoryId":1,"productName":"Goods i",
        "introduction":"Introduction of goods i","imgId":"img-i","price":9.5+i,"priceUnit":"CNY"}
  GET|POST /paging/stuck               a pager that never advances: whatever pageCurrent says, the same
                                       envelope and page, {"size":1,"current":1,"pages":10^12,
                                       "total":10^12,"records":[goods 1]}
  GET|POST /paging/cursor              the 23 goods walked by cursor: pageSize (default 10) goods after
                                       goods `cursor` (default 0) in the shop envelope, data
                                       {"records":[goods...],"next":"<last id>"}, no "next" on the last
                                       page; a cursor that is not an integer from 0 to 23 answers code 919
  GET|POST /paging/endless             a list that claims 10^12 pages: page C (pageCurrent, default 1) is
                                       {"size":1,"current":C,"pages":10^12,"total":10^12,"records":[goods 1]}

  Demo paths (what `courier-demo --base-url <this server>` calls)
  GET|POST /mallProductsInfo/getProduct   id from the body or query: goods id (1...23, as in the
                                       paged list) in the shop envelope; another id answers
                                       succeed false, code 919, msg "商品不存在"
  ANY  /mallOrder/create               succeed false, code 919, msg "库存不足"
  POST /Room/Follow                    {"code":-1,"msg":"请登录!"}

  Bare strings and HTML (not JSON)
  ANY  /bare/please-login              200 text/plain "please to login"
  ANY  /bare/unauthorized              200 text/plain "Request failed: unauthorized (401)"
  ANY  /bare/token-expired             200 text/plain "This request token is expired"
  ANY  /mallCart/list                  200 text/plain "please to login" (the demo's cart)
  ANY  /html/500                       500 text/html error page
  ANY  /html/200                       200 text/html page

  Auth with server-side token state (kept per server process, behind a lock).  Every /auth/*
  route also answers under /realms/<name>/auth/*, which has its own independent state: tests
  that run in parallel each use their own realm (a base URL of http://host:port/realms/<name>).
  POST /auth/login                     logins += 1; issues tok-N / ref-N (N = a counter shared with
                                       refresh): {"code":0,"msg":"ok","data":{"accessToken":"tok-N",
                                       "refreshToken":"ref-N","expiresIn":3600}}
  POST /auth/refresh                   body JSON or form {"refreshToken": any ref-* issued since the
                                       last reset}; refreshes += 1; issues tok-N+1 / ref-N+1 (same
                                       shape as login).  Missing token 400; unknown 401; while
                                       refresh-fails is on: 401 {"code":401,"msg":"refresh failed"}
  GET  /auth/me                        needs "Authorization: Bearer <current token>"; else HTTP 401
                                       {"code":401,"msg":"token expired"} (no WWW-Authenticate).
                                       OK: {"code":0,"msg":"ok","data":{"user":"courier","token":...}}
  GET  /auth/me-envelope               as /auth/me, but always HTTP 200: a missing token answers
                                       {"code":915,"msg":"not logged in"}, an old one
                                       {"code":916,"msg":"token expired"}
  POST /auth/expire                    makes the current token stale (refresh then issues a new one)
  GET  /auth/stats                     {"refreshes":N,"logins":N,"meCalls":N,"rejected":N,
                                        "currentToken":"tok-N" or null,"expired":bool,"refreshFails":bool}
  POST /auth/reset                     back to the initial state (no token issued, counters 0)
  POST /auth/refresh-fails?on=1        refresh answers 401 until reset (or ?on=0)

  Faults
  ANY  /fault/truncated                Content-Length 1000, sends 100 bytes, closes
  ANY  /fault/hang                     reads the request, never answers; holds the socket up to 60 s
                                       (less when the client goes away), then closes.  Other
                                       requests are served meanwhile (one thread per connection)
  ANY  /fault/garbage                  writes bytes that are not HTTP, then closes
  ANY  /fault/close                    closes without answering
  ANY  /fault/slow-body?seconds=S&pieces=N
                                       200, Content-Length 1024, the body trickled in N pieces
                                       (default 16, at most 1024) over S s (default 2)
  ANY  /fault/big?mb=N                 200 application/octet-stream, N MiB (default 100, may be a
                                       fraction) with Content-Length, streamed in 64 KiB chunks
  ANY  /fault/delay?seconds=S          answers {"delayed":S} after S seconds (default 1)
  ANY  /fault/status?code=N&retry_after=S
                                       answers status N (default 500) with {"code":N}, and a
                                       Retry-After: S header when given (no body for 204/304)
  ANY  /fault/flaky?key=K&fail=N&code=C[&retry_after=S]
                                       the first N calls (default 2) for key K answer status C
                                       (default 503) with {"attempt":n,"code":C}; later ones 200
                                       {"attempt":n}
  ANY  /fault/count?key=K              {"key":K,"count":n}; without key {"counts":{K:n,...}}
  POST /fault/reset                    forgets every flaky key

  Redirects and echo
  ANY  /redirect/cross-host?status=302|301|303|307|308&to=URL
                                       redirects (default 302) to URL; default
                                       http://localhost:<this port>/echo, another host than
                                       127.0.0.1, so clients must drop credentials
  ANY  /redirect/same-host?status=S&to=PATH
                                       redirects to PATH on this host (default /echo)
  ANY  /echo                           {"method","path","query" (raw string),"args" ({k:[v...]}),
                                        "headers" ({name: value}, repeated names joined by ", "),
                                        "body" (UTF-8, invalid bytes replaced),"bodyLength"}

  Downloads
  ANY  /download/file?kb=N             N KiB (default 64): byte i = i % 251, application/octet-stream,
                                       Content-Disposition: attachment; filename="file-N.bin"
  ANY  /download/fail                  headers with Content-Length 10000, 100 bytes, then closes

  HTTP cache (issue 23): /cache/item/<name>, /cache/fail/<name>, /cache/stats/<name>; see
  scripts/scenario_cache.py

Unknown paths answer 404 {"code":404,"msg":"no such route: <path>"}.  A route that
raises answers 500 JSON (when nothing was sent yet) and the server keeps running.
Each request is logged as one line on stderr.
"""

from __future__ import annotations

import argparse
import json
import math
import select
import socket
import sys
import threading
import time
import traceback

import scenario_stream
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

import scenario_cache

JSON_TYPE = "application/json; charset=utf-8"
TEXT_TYPE = "text/plain; charset=utf-8"
HTML_TYPE = "text/html; charset=utf-8"
BINARY_TYPE = "application/octet-stream"

MAX_REQUEST_BODY = 512 * 1024 * 1024
HANG_SECONDS = 60.0
MAX_SLEEP_SECONDS = 120.0

# Deterministic download bytes: byte i is i % 251.  A chunk whose length is a
# multiple of 251 always starts at pattern offset 0, so it can be reused as is.
PATTERN_CHUNK = bytes(i % 251 for i in range(251 * 261))  # 65,511 bytes
BIG_CHUNK = b"courier-big-body" * 4096  # 64 KiB


class CloseConnection(Exception):
    """Raised by a route that has already written (or deliberately not written) its answer
    and wants the connection closed without anything more."""


# --------------------------------------------------------------------------- state


class AuthState:
    """Server-side token state for /auth/*, shared by all connections."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self.counter = 0
        self.logins = 0
        self.refreshes = 0
        self.me_calls = 0
        self.rejected = 0
        self.current_token: str | None = None
        self.expired = False
        self.refresh_fails = False
        self.issued_refresh_tokens: set[str] = set()

    def issue(self) -> dict:
        self.counter += 1
        self.current_token = f"tok-{self.counter}"
        refresh = f"ref-{self.counter}"
        self.issued_refresh_tokens.add(refresh)
        self.expired = False
        return {"accessToken": self.current_token, "refreshToken": refresh, "expiresIn": 3600}

    def token_status(self, authorization: str | None) -> str:
        """Returns "ok", "missing" or "stale" for an Authorization header value."""
        if not authorization:
            return "missing"
        scheme, _, token = authorization.strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return "missing"
        if self.current_token is not None and not self.expired and token.strip() == self.current_token:
            return "ok"
        return "stale"

    def stats(self) -> dict:
        return {
            "refreshes": self.refreshes,
            "logins": self.logins,
            "meCalls": self.me_calls,
            "rejected": self.rejected,
            "currentToken": self.current_token,
            "expired": self.expired,
            "refreshFails": self.refresh_fails,
        }


AUTH_REALMS_LOCK = threading.Lock()
AUTH_REALMS: dict[str, AuthState] = {}


def auth_state(realm: str) -> AuthState:
    with AUTH_REALMS_LOCK:
        state = AUTH_REALMS.get(realm)
        if state is None:
            state = AUTH_REALMS[realm] = AuthState()
        return state

FLAKY_LOCK = threading.Lock()
FLAKY_COUNTS: dict[str, int] = {}


# --------------------------------------------------------------------------- fixtures

SHOP_GOODS = {
    "id": 7,
    "categoryId": 3,
    "productName": "Tea",
    "introduction": "Green tea",
    "imgId": "img-7",
    "price": 12.5,
    "priceUnit": "CNY",
}

ENVELOPES = {
    "/envelope/shop/ok": {"succeed": True, "code": 0, "msg": "查询成功", "data": SHOP_GOODS},
    "/envelope/shop/fail": {"succeed": False, "code": 919, "msg": "库存不足"},
    "/envelope/shop/succeed-false": {"succeed": False, "code": 0, "msg": "操作失败", "data": None},
    "/envelope/shop/nodata": {"succeed": True, "code": 0, "msg": "查询成功"},
    "/envelope/shop/null-data": {"succeed": True, "code": 0, "msg": "查询成功", "data": None},
    "/envelope/shop/wrong-shape": {"succeed": True, "code": 0, "msg": "查询成功", "data": "not-an-object"},
    "/envelope/shop/token": {"succeed": True, "code": 0, "msg": "登录成功", "data": "token-abc123"},
    "/envelope/shop/http404-in-json": {"code": 404, "msg": "Not Found"},
    "/envelope/rank": {
        "resultcode": "200",
        "reason": "success",
        "result": [{"rid": "1", "name": "Film", "wk": "week", "wboxoffice": "1.2亿", "tboxoffice": "3.4亿"}],
        "error_code": 0,
    },
    "/envelope/rank/fail": {"resultcode": "112", "reason": "超过每日可允许请求次数!", "result": None, "error_code": 10012},
    "/envelope/resultcode-int": {"resultCode": 200, "resultMsg": "查询成功", "data": {"name": "x"}},
    "/envelope/live/login-required": {"code": -1, "msg": "请登录!"},
    "/envelope/nested": {"code": 0, "msg": "ok", "result": {"list": [1, 2, 3]}},
}
ENVELOPE_ALIASES = {"/boxoffice/rank": "/envelope/rank", "/mallOrder/create": "/envelope/shop/fail"}
LIVE_HOT = {"code": 0, "msg": "ok", "data": [{"roomId": 1, "title": "Room 1", "online": 321}]}

GOODS_TOTAL = 23


def goods_item(i: int) -> dict:
    return {
        "id": i,
        "categoryId": 1,
        "productName": f"Goods {i}",
        "introduction": f"Introduction of goods {i}",
        "imgId": f"img-{i}",
        "price": 9.5 + i,
        "priceUnit": "CNY",
    }


BARE = {
    "/bare/please-login": "please to login",
    "/bare/unauthorized": "Request failed: unauthorized (401)",
    "/bare/token-expired": "This request token is expired",
    "/mallCart/list": "please to login",
}

HTML_500 = (
    "<!DOCTYPE html>\n<html><head><title>500 Internal Server Error</title></head>\n"
    "<body><h1>Internal Server Error</h1><p>The server encountered an internal error "
    "and was unable to complete your request.</p></body></html>\n"
)
HTML_200 = (
    "<!DOCTYPE html>\n<html><head><title>Courier scenario</title></head>\n"
    "<body><h1>Hello</h1><p>This is an HTML page, not JSON.</p></body></html>\n"
)


# --------------------------------------------------------------------------- helpers


class BadRequest(Exception):
    pass


def first(args: dict[str, list[str]], name: str, default: str | None = None) -> str | None:
    values = args.get(name)
    return values[0] if values else default


def number(args: dict[str, list[str]], name: str, default: float, low: float, high: float) -> float:
    raw = first(args, name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise BadRequest(f"{name} must be a number, got {raw!r}")
    if not math.isfinite(value) or value < low or value > high:
        raise BadRequest(f"{name} must be between {low:g} and {high:g}, got {raw!r}")
    return value


def integer(args: dict[str, list[str]], name: str, default: int, low: int, high: int) -> int:
    value = number(args, name, default, low, high)
    if value != int(value):
        raise BadRequest(f"{name} must be an integer, got {first(args, name)!r}")
    return int(value)


def json_bytes(obj) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


# --------------------------------------------------------------------------- handler


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "CourierScenario/1.0"
    sys_version = ""
    # An idle keep-alive connection is dropped after this many seconds.
    timeout = 120

    # ---- plumbing

    def version_string(self) -> str:
        return self.server_version

    def do_GET(self) -> None:
        self.dispatch()

    do_POST = do_PUT = do_PATCH = do_DELETE = do_OPTIONS = do_HEAD = do_GET

    def log_message(self, format: str, *args) -> None:  # noqa: A002 - stdlib signature
        sys.stderr.write(f"[scenario] {self.address_string()} {format % args}\n")

    def log_request(self, code="-", size="-") -> None:
        code_value = code.value if isinstance(code, HTTPStatus) else code
        elapsed = (time.monotonic() - getattr(self, "_started", time.monotonic())) * 1000
        command = getattr(self, "command", None) or "-"
        target = getattr(self, "path", None) or repr(getattr(self, "requestline", ""))
        sys.stderr.write(f"[scenario] {command} {target} -> {code_value} ({elapsed:.0f} ms)\n")

    def dispatch(self) -> None:
        self._started = time.monotonic()
        self._headers_sent = False
        parts = urlsplit(self.path)
        self.route_path = parts.path.rstrip("/") or "/"
        self.raw_query = parts.query
        self.args = parse_qs(parts.query, keep_blank_values=True)
        try:
            self.body = self.read_body()
        except BadRequest as error:
            self.close_connection = True
            self.send_json({"code": 400, "msg": str(error)}, status=400, close=True)
            return
        except (OSError, ValueError) as error:
            self.log_message("could not read request body: %s", error)
            self.close_connection = True
            return
        try:
            self.route()
        except CloseConnection:
            self.close_connection = True
        except BadRequest as error:
            self.send_json({"code": 400, "msg": str(error)}, status=400)
        except (BrokenPipeError, ConnectionResetError, socket.timeout) as error:
            self.log_message("client went away during %s %s: %s", self.command, self.path, error)
            self.close_connection = True
        except Exception as error:  # a route bug must never kill the server
            self.log_message("error in %s %s: %r", self.command, self.path, error)
            traceback.print_exc(limit=3, file=sys.stderr)
            if not self._headers_sent:
                try:
                    self.send_json({"code": 500, "msg": f"scenario server error: {error!r}"}, status=500, close=True)
                except OSError:
                    pass
            self.close_connection = True

    def read_body(self) -> bytes:
        if self.headers.get("Transfer-Encoding", "").lower().find("chunked") >= 0:
            return self.read_chunked()
        length_header = self.headers.get("Content-Length")
        if not length_header:
            return b""
        try:
            length = int(length_header)
        except ValueError:
            raise BadRequest(f"bad Content-Length {length_header!r}")
        if length < 0 or length > MAX_REQUEST_BODY:
            raise BadRequest(f"Content-Length {length} out of range")
        return self.read_exactly(length)

    def read_exactly(self, length: int) -> bytes:
        chunks = []
        remaining = length
        while remaining > 0:
            chunk = self.rfile.read(min(remaining, 1 << 20))
            if not chunk:
                raise ValueError(f"request body ended after {length - remaining} of {length} bytes")
            chunks.append(chunk)
            remaining -= len(chunk)
        return b"".join(chunks)

    def read_chunked(self) -> bytes:
        chunks = []
        total = 0
        while True:
            line = self.rfile.readline(1024)
            if not line:
                raise ValueError("chunked request body ended early")
            size_text = line.split(b";", 1)[0].strip()
            try:
                size = int(size_text, 16)
            except ValueError:
                raise BadRequest(f"bad chunk size line {line[:40]!r}")
            if size == 0:
                # Trailers, up to the empty line.
                while True:
                    trailer = self.rfile.readline(8192)
                    if trailer in (b"\r\n", b"\n", b""):
                        break
                return b"".join(chunks)
            total += size
            if total > MAX_REQUEST_BODY:
                raise BadRequest("chunked request body too large")
            chunks.append(self.read_exactly(size))
            self.rfile.readline(1024)  # CRLF after the chunk data

    def start(self, status: int, content_type: str | None, length: int | None, headers=(), close: bool = False) -> None:
        self.send_response(status)
        if content_type:
            self.send_header("Content-Type", content_type)
        if length is not None:
            self.send_header("Content-Length", str(length))
        for name, value in headers:
            self.send_header(name, value)
        if close:
            self.send_header("Connection", "close")
            self.close_connection = True
        self.end_headers()
        self._headers_sent = True

    def send_bytes(self, data: bytes, status: int = 200, content_type: str | None = JSON_TYPE, headers=(), close=False):
        self.start(status, content_type, len(data), headers, close)
        if self.command != "HEAD":
            self.wfile.write(data)
        self.wfile.flush()

    def send_json(self, obj, status: int = 200, headers=(), close: bool = False) -> None:
        self.send_bytes(json_bytes(obj), status, JSON_TYPE, headers, close)

    def send_text(self, text: str, status: int = 200, content_type: str = TEXT_TYPE) -> None:
        self.send_bytes(text.encode("utf-8"), status, content_type)

    def abort_connection(self) -> None:
        """Closes the socket at once, without a proper HTTP answer."""
        self.close_connection = True
        elapsed = (time.monotonic() - self._started) * 1000
        sys.stderr.write(f"[scenario] {self.command} {self.path} -> connection closed ({elapsed:.0f} ms)\n")
        try:
            self.wfile.flush()
        except OSError:
            pass
        try:
            self.connection.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass
        raise CloseConnection()

    def allow(self, *methods: str) -> bool:
        allowed = set(methods) | ({"HEAD"} if "GET" in methods else set())
        if self.command in allowed:
            return True
        self.send_json(
            {"code": 405, "msg": f"{self.command} not allowed on {self.route_path}"},
            status=405,
            headers=[("Allow", ", ".join(sorted(allowed)))],
        )
        return False

    def body_params(self) -> dict[str, str]:
        """Form or JSON body parameters (first value of each), or {} when there is no body."""
        if not self.body:
            return {}
        content_type = self.headers.get("Content-Type", "").lower()
        text = self.body.decode("utf-8", errors="replace")
        if "json" in content_type or text.lstrip().startswith("{"):
            try:
                parsed = json.loads(text)
            except ValueError:
                raise BadRequest("body is not valid JSON")
            if not isinstance(parsed, dict):
                raise BadRequest("JSON body must be an object")
            return {str(k): v for k, v in parsed.items()}
        return {k: v[0] for k, v in parse_qs(text, keep_blank_values=True).items()}

    def sleep_or_client_gone(self, seconds: float) -> bool:
        """Waits up to `seconds`; returns False early when the client closed the connection."""
        deadline = time.monotonic() + seconds
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0:
                return True
            try:
                readable, _, _ = select.select([self.connection], [], [], min(remaining, 1.0))
            except (OSError, ValueError):
                return False
            if readable:
                try:
                    peeked = self.connection.recv(1, socket.MSG_PEEK)
                except OSError:
                    return False
                if not peeked:
                    return False
                # The client sent more bytes (pipelining); keep waiting without consuming them.
                time.sleep(min(remaining, 0.05))

    # ---- routing

    def route(self) -> None:
        path = self.route_path
        path = ENVELOPE_ALIASES.get(path, path)
        if path == "/health":
            return self.send_json({"ok": True})
        if (path.startswith("/streaming/") or path == "/Room/Comments") and scenario_stream.route(self, path):
            return
        if path in ("/envelope/live/hot", "/Room/GetHotLive_v2"):
            if self.allow("POST"):
                self.send_json(LIVE_HOT)
            return
        if path == "/Room/Follow":
            if self.allow("POST"):
                self.send_json(ENVELOPES["/envelope/live/login-required"])
            return
        if path in ENVELOPES:
            return self.send_json(ENVELOPES[path])
        if path == "/mallProductsInfo/getProductList":
            return self.product_list()
        if path == "/paging/cursor":
            return self.cursor_pages()
        if path in ("/paging/stuck", "/paging/endless"):
            return self.unbounded_pages(stuck=path == "/paging/stuck")
        if path == "/mallProductsInfo/getProduct":
            return self.product()
        if path in BARE:
            return self.send_text(BARE[path])
        if path == "/html/500":
            return self.send_text(HTML_500, status=500, content_type=HTML_TYPE)
        if path == "/html/200":
            return self.send_text(HTML_200, content_type=HTML_TYPE)
        if path.startswith("/auth/"):
            return self.auth(path, auth_state(""))
        if path.startswith("/realms/"):
            realm, _, rest = path[len("/realms/"):].partition("/")
            if realm and rest.startswith("auth/"):
                return self.auth("/" + rest, auth_state(realm))
        if path.startswith("/fault/"):
            return self.fault(path)
        if path == "/redirect/cross-host":
            port = self.server.server_address[1]
            return self.redirect(first(self.args, "to") or f"http://localhost:{port}/echo")
        if path == "/redirect/same-host":
            return self.redirect(first(self.args, "to") or "/echo")
        if path == "/echo":
            return self.echo()
        if path.startswith("/cache/"):
            return scenario_cache.route(self, path)
        if path == "/download/file":
            return self.download_file()
        if path == "/download/fail":
            self.start(200, BINARY_TYPE, 10000, [("Content-Disposition", 'attachment; filename="fail.bin"')])
            self.wfile.write(PATTERN_CHUNK[:100])
            return self.abort_connection()
        self.send_json({"code": 404, "msg": f"no such route: {self.route_path}"}, status=404)

    # ---- paged goods

    def product_list(self) -> None:
        if not self.allow("GET", "POST"):
            return
        params = {k: v[0] for k, v in self.args.items()}
        params.update(self.body_params())

        def page_value(name: str, default: int):
            raw = params.get(name)
            if raw is None or raw == "":
                return default
            try:
                value = int(str(raw).strip())
            except ValueError:
                return None
            return value if value > 0 else None

        current = page_value("pageCurrent", 1)
        size = page_value("pageSize", 10)
        if current is None or size is None:
            return self.send_json({"succeed": False, "code": 919, "msg": "pageCurrent and pageSize must be positive integers"})
        try:
            category = int(str(params.get("categoryId", "0")).strip() or "0")
        except ValueError:
            category = 0
        total = GOODS_TOTAL if category == 1 else 0
        pages = (total + size - 1) // size
        start = (current - 1) * size
        records = [goods_item(i) for i in range(start + 1, min(start + size, total) + 1)]
        data = {"size": size, "current": current, "pages": pages, "total": total, "records": records}
        self.send_json({"succeed": True, "code": 0, "msg": "查询成功", "data": data})

    def cursor_pages(self) -> None:
        if not self.allow("GET", "POST"):
            return
        params = {k: v[0] for k, v in self.args.items()}
        params.update(self.body_params())
        try:
            after = int(str(params.get("cursor", "0")).strip() or "0")
            size = int(str(params.get("pageSize", "10")).strip() or "10")
        except ValueError:
            after, size = -1, 0
        if not 0 <= after <= GOODS_TOTAL or size < 1:
            return self.send_json({"succeed": False, "code": 919, "msg": "cursor must be a goods id and pageSize positive"})
        last = min(after + size, GOODS_TOTAL)
        data = {"records": [goods_item(i) for i in range(after + 1, last + 1)]}
        if last < GOODS_TOTAL:
            data["next"] = str(last)
        self.send_json({"succeed": True, "code": 0, "msg": "查询成功", "data": data})

    def unbounded_pages(self, stuck: bool) -> None:
        if not self.allow("GET", "POST"):
            return
        params = {k: v[0] for k, v in self.args.items()}
        params.update(self.body_params())
        try:
            current = 1 if stuck else max(1, int(str(params.get("pageCurrent", "1")).strip() or "1"))
        except ValueError:
            current = 1
        count = 10 ** 12
        data = {"size": 1, "current": current, "pages": count, "total": count, "records": [goods_item(1)]}
        self.send_json({"succeed": True, "code": 0, "msg": "查询成功", "data": data})

    def product(self) -> None:
        if not self.allow("GET", "POST"):
            return
        params = {k: v[0] for k, v in self.args.items()}
        params.update(self.body_params())
        try:
            goods_id = int(str(params.get("id", "")).strip())
        except ValueError:
            goods_id = 0
        if 1 <= goods_id <= GOODS_TOTAL:
            return self.send_json({"succeed": True, "code": 0, "msg": "查询成功", "data": goods_item(goods_id)})
        self.send_json({"succeed": False, "code": 919, "msg": "商品不存在"})

    # ---- auth

    def auth(self, path: str, state: AuthState) -> None:
        if path == "/auth/login":
            if self.allow("POST"):
                with state.lock:
                    state.logins += 1
                    data = state.issue()
                self.send_json({"code": 0, "msg": "ok", "data": data})
        elif path == "/auth/refresh":
            if self.allow("POST"):
                self.auth_refresh(state)
        elif path in ("/auth/me", "/auth/me-envelope"):
            if self.allow("GET"):
                self.auth_me(state, envelope=path == "/auth/me-envelope")
        elif path == "/auth/expire":
            if self.allow("POST"):
                with state.lock:
                    state.expired = True
                    stats = state.stats()
                self.send_json({"code": 0, "msg": "ok", "data": stats})
        elif path == "/auth/stats":
            if self.allow("GET"):
                with state.lock:
                    stats = state.stats()
                self.send_json(stats)
        elif path == "/auth/reset":
            if self.allow("POST"):
                with state.lock:
                    state.reset()
                self.send_json({"code": 0, "msg": "ok"})
        elif path == "/auth/refresh-fails":
            if self.allow("POST"):
                on = first(self.args, "on", "1") not in ("0", "false", "no", "off")
                with state.lock:
                    state.refresh_fails = on
                self.send_json({"code": 0, "msg": "ok", "data": {"refreshFails": on}})
        else:
            self.send_json({"code": 404, "msg": f"no such route: {self.route_path}"}, status=404)

    def auth_refresh(self, state: AuthState) -> None:
        params = self.body_params()
        token = params.get("refreshToken") or first(self.args, "refreshToken")
        with state.lock:
            if state.refresh_fails:
                status, payload = 401, {"code": 401, "msg": "refresh failed"}
            elif not token:
                status, payload = 400, {"code": 400, "msg": "refreshToken is required"}
            elif str(token) not in state.issued_refresh_tokens:
                status, payload = 401, {"code": 401, "msg": "invalid refresh token"}
            else:
                state.refreshes += 1
                status, payload = 200, {"code": 0, "msg": "ok", "data": state.issue()}
        self.send_json(payload, status=status)

    def auth_me(self, state: AuthState, envelope: bool) -> None:
        with state.lock:
            state.me_calls += 1
            status = state.token_status(self.headers.get("Authorization"))
            if status != "ok":
                state.rejected += 1
            token = state.current_token
        if status == "ok":
            return self.send_json({"code": 0, "msg": "ok", "data": {"user": "courier", "token": token}})
        if not envelope:
            return self.send_json({"code": 401, "msg": "token expired"}, status=401)
        if status == "missing":
            return self.send_json({"code": 915, "msg": "not logged in"})
        self.send_json({"code": 916, "msg": "token expired"})

    # ---- faults

    def fault(self, path: str) -> None:
        if path == "/fault/truncated":
            self.start(200, JSON_TYPE, 1000)
            self.wfile.write(b'{"truncated":"' + b"x" * 86)  # 100 bytes of a 1000-byte body
            return self.abort_connection()
        if path == "/fault/hang":
            self.sleep_or_client_gone(HANG_SECONDS)
            return self.abort_connection()
        if path == "/fault/garbage":
            self.wfile.write(b"\x16\x03\x01\x00\xa5\x01\x00 THIS IS NOT HTTP \xff\xfe\xfd\r\n\x00\x00garbage\r\n\r\n")
            return self.abort_connection()
        if path == "/fault/close":
            return self.abort_connection()
        if path == "/fault/slow-body":
            return self.slow_body(
                number(self.args, "seconds", 2.0, 0.0, MAX_SLEEP_SECONDS), integer(self.args, "pieces", 16, 1, 1024)
            )
        if path == "/fault/big":
            return self.big(number(self.args, "mb", 100.0, 0.0, 4096.0))
        if path == "/fault/delay":
            seconds = number(self.args, "seconds", 1.0, 0.0, MAX_SLEEP_SECONDS)
            if not self.sleep_or_client_gone(seconds):
                return self.abort_connection()
            return self.send_json({"delayed": seconds})
        if path == "/fault/status":
            return self.status_route()
        if path == "/fault/flaky":
            return self.flaky()
        if path == "/fault/count":
            key = first(self.args, "key")
            with FLAKY_LOCK:
                if key is None:
                    return self.send_json({"counts": dict(FLAKY_COUNTS)})
                count = FLAKY_COUNTS.get(key, 0)
            return self.send_json({"key": key, "count": count})
        if path == "/fault/reset":
            if self.allow("POST"):
                with FLAKY_LOCK:
                    FLAKY_COUNTS.clear()
                self.send_json({"code": 0, "msg": "ok"})
            return
        self.send_json({"code": 404, "msg": f"no such route: {self.route_path}"}, status=404)

    def slow_body(self, seconds: float, pieces: int) -> None:
        body = bytes(i % 251 for i in range(1024))
        self.start(200, BINARY_TYPE, len(body))
        if self.command == "HEAD":
            return
        step = len(body) // pieces
        for index in range(pieces):
            end = len(body) if index == pieces - 1 else (index + 1) * step
            self.wfile.write(body[index * step:end])
            self.wfile.flush()
            if index < pieces - 1 and not self.sleep_or_client_gone(seconds / max(pieces - 1, 1)):
                return self.abort_connection()

    def big(self, megabytes: float) -> None:
        total = int(megabytes * 1024 * 1024)
        self.start(200, BINARY_TYPE, total)
        if self.command == "HEAD":
            return
        remaining = total
        view = memoryview(BIG_CHUNK)
        while remaining > 0:
            n = min(remaining, len(BIG_CHUNK))
            self.wfile.write(view[:n])
            remaining -= n
        self.wfile.flush()

    def status_route(self) -> None:
        code = integer(self.args, "code", 500, 200, 599)
        headers = []
        retry_after = first(self.args, "retry_after")
        if retry_after:
            headers.append(("Retry-After", retry_after))
        if code in (204, 304):
            self.start(code, None, None, headers)
            return
        self.send_json({"code": code}, status=code, headers=headers)

    def flaky(self) -> None:
        key = first(self.args, "key")
        if not key:
            raise BadRequest("key is required")
        fail = integer(self.args, "fail", 2, 0, 1_000_000)
        code = integer(self.args, "code", 503, 200, 599)
        with FLAKY_LOCK:
            attempt = FLAKY_COUNTS.get(key, 0) + 1
            FLAKY_COUNTS[key] = attempt
        if attempt <= fail:
            headers = []
            retry_after = first(self.args, "retry_after")
            if retry_after:
                headers.append(("Retry-After", retry_after))
            return self.send_json({"attempt": attempt, "code": code}, status=code, headers=headers)
        self.send_json({"attempt": attempt})

    # ---- redirects, echo, downloads

    def redirect(self, location: str) -> None:
        status = integer(self.args, "status", 302, 300, 399)
        body = json_bytes({"redirect": location, "status": status})
        self.send_bytes(body, status=status, headers=[("Location", location)])

    def echo(self) -> None:
        headers: dict[str, str] = {}
        for name, value in self.headers.items():
            headers[name] = f"{headers[name]}, {value}" if name in headers else value
        self.send_json(
            {
                "method": self.command,
                "path": urlsplit(self.path).path,
                "query": self.raw_query,
                "args": self.args,
                "headers": headers,
                "body": self.body.decode("utf-8", errors="replace"),
                "bodyLength": len(self.body),
            }
        )

    def download_file(self) -> None:
        kb = integer(self.args, "kb", 64, 0, 4 * 1024 * 1024)
        total = kb * 1024
        disposition = f'attachment; filename="file-{kb}.bin"'
        self.start(200, BINARY_TYPE, total, [("Content-Disposition", disposition)])
        if self.command == "HEAD":
            return
        remaining = total
        view = memoryview(PATTERN_CHUNK)
        while remaining > 0:
            n = min(remaining, len(PATTERN_CHUNK))
            self.wfile.write(view[:n])
            remaining -= n
        self.wfile.flush()


class Server(ThreadingHTTPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128

    def handle_error(self, request, client_address) -> None:
        error = sys.exc_info()[1]
        sys.stderr.write(f"[scenario] connection error from {client_address[0]}: {error!r}\n")


def main() -> None:
    parser = argparse.ArgumentParser(description="Courier scenario server (see the module docstring for routes).")
    parser.add_argument("--host", default="127.0.0.1", help="address to bind (default 127.0.0.1)")
    parser.add_argument("--port", type=int, default=8081, help="port to bind (default 8081; 0 picks a free one)")
    options = parser.parse_args()
    server = Server((options.host, options.port), Handler)
    host, port = server.server_address[:2]
    print(f"[scenario] listening on http://{host}:{port}", file=sys.stderr, flush=True)
    try:
        server.serve_forever(poll_interval=0.2)
    except KeyboardInterrupt:
        pass
    finally:
        server.server_close()


if __name__ == "__main__":
    main()
