"""The request handler every route of the scenario server (scripts/scenario_server.py) runs on.

HTTP/1.1 with keep-alive; every normal answer carries Content-Length.  JSON is UTF-8 with
`Content-Type: application/json; charset=utf-8` unless a route says otherwise.  HEAD works
everywhere and drops the body; a route called with a method it does not take answers 405 JSON
with an Allow header (`allow`).  A route that raises answers 500 JSON (when nothing was sent
yet) and the server keeps running.  Each request is logged as one line on stderr.

ScenarioHandler reads the request (scripts/scenario_request_body.py), then calls `route()`,
which the server's Handler defines; a route answers through `start`, `send_bytes`,
`send_json`, `send_text` or `abort_connection`.
"""

from __future__ import annotations

import json
import select
import socket
import sys
import time
import traceback
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler
from urllib.parse import parse_qs, urlsplit

from scenario_params import BadRequest
from scenario_request_body import read_body

JSON_TYPE = "application/json; charset=utf-8"
TEXT_TYPE = "text/plain; charset=utf-8"
HTML_TYPE = "text/html; charset=utf-8"
BINARY_TYPE = "application/octet-stream"


class CloseConnection(Exception):
    """Raised by a route that has already written (or deliberately not written) its answer
    and wants the connection closed without anything more."""


def json_bytes(obj) -> bytes:
    return json.dumps(obj, ensure_ascii=False, separators=(",", ":")).encode("utf-8")


class ScenarioHandler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    server_version = "CourierScenario/1.0"
    sys_version = ""
    # An idle keep-alive connection is dropped after this many seconds.
    timeout = 120

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

    def route(self) -> None:
        raise NotImplementedError

    def dispatch(self) -> None:
        self._started = time.monotonic()
        self._headers_sent = False
        parts = urlsplit(self.path)
        self.route_path = parts.path.rstrip("/") or "/"
        self.raw_query = parts.query
        self.args = parse_qs(parts.query, keep_blank_values=True)
        try:
            self.body = read_body(self)
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

    def send_not_found(self) -> None:
        self.send_json({"code": 404, "msg": f"no such route: {self.route_path}"}, status=404)

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
