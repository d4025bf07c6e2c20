#!/usr/bin/env python3
"""Courier TLS test server: one process, one loopback port per TLS case.

Python 3 standard library only (`ssl`), a thread per connection.  The certificates come from
scripts/lib/tls.sh (one throwaway CA signs them all, but the self-signed one).

    python3 scripts/tls_server.py --certs DIR --control PORT --case valid=PORT [--case NAME=PORT ...]

Cases (the certificate each port presents, and what it asks of the client):

  valid          localhost.pem (DNS:localhost, IP:127.0.0.1, IP:::1), signed by the CA
  wrong-host     wrong-host.pem: signed by the CA, for DNS:wrong.example only
  expired        expired.pem: signed by the CA, for localhost, expired in 2020
  not-yet-valid  not-yet-valid.pem: signed by the CA, for localhost, valid from 2040
  cn-only        cn-only.pem: signed by the CA, CN=localhost and no subjectAltName
  self-signed    self-signed.pem: for localhost, not signed by the CA
  old-protocol   localhost.pem, but TLS 1.0 and 1.1 only (OpenSSL 3 needs @SECLEVEL=0 for them)
  mtls           localhost.pem; a client certificate signed by the CA is required
  truncate       localhost.pem; meant for the /truncate/ routes below
  pinned         localhost.pem; meant for one pinning test alone, so its connections are its own
  closing        localhost.pem; every answer ends its connection (as /close does), so each call
                 opens a new one that resumes the session of the one before; meant for the
                 resumption pinning suite alone

Routes (every case, any method):

  /close                     as any other path, with Connection: close; then close_notify (every
                             path of the `closing` case does the same)
  /lines?n=N                 200, N JSON lines {"n": i} (600 by default), one TLS record each, sent
                             at once, keep-alive: the whole body reaches the client in a burst of
                             small records, and nothing follows it
  /truncate/close-framed     200, a body framed by the connection's end, then the TCP connection
                             is closed WITHOUT close_notify (the end may be forged: an error)
  /truncate/short            200, Content-Length: 1000 but 100 bytes, then closed WITHOUT close_notify
  /truncate/framed-then-cut  200, Content-Length framed body, then closed WITHOUT close_notify
                             (the framing said the body ended: a success)
  /truncate/close-notify     200, a body framed by the connection's end, then close_notify and
                             then the TCP close (a success, the positive case)
  anything else              200 JSON, keep-alive: {"case", "method", "path", "connection" (its id),
                             "request" (its number on that connection), "session_reused",
                             "tls_version", "client_certificate" (subject CN or null), "headers",
                             "body_bytes"}

Control port (plain HTTP on 127.0.0.1):

  /health                              200 {"ok":true}
  /connections?case=NAME               every connection of that case so far
  /wait?case=NAME&closed=N&timeout=S   waits until N connections of the case have closed (S
                                       seconds at most, 10 by default), then as /connections;
                                       "timed_out": true when they did not

A connection's record: {"id", "case", "handshake" ("ok", "pending" or the error),
"tls_version", "session_reused", "application_bytes_received" (request bytes received after
the handshake), "requests", "closed"}.
"""

import argparse
import json
import os
import socket
import ssl
import sys
import threading
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlsplit

CONDITION = threading.Condition()
RECORDS: list[dict] = []
CERTIFICATES = {"wrong-host": "wrong-host", "expired": "expired", "self-signed": "self-signed",
                "not-yet-valid": "not-yet-valid", "cn-only": "cn-only"}
BODY = b"Courier TLS test body, " * 20


def context_for(case: str, certs: str) -> ssl.SSLContext:
    name = CERTIFICATES.get(case, "localhost")
    context = ssl.SSLContext(ssl.PROTOCOL_TLS_SERVER)
    context.load_cert_chain(os.path.join(certs, name + ".pem"), os.path.join(certs, name + ".key"))
    if case == "old-protocol":
        context.set_ciphers("DEFAULT:@SECLEVEL=0")
        context.minimum_version = ssl.TLSVersion.TLSv1
        context.maximum_version = ssl.TLSVersion.TLSv1_1
    if case == "mtls":
        context.verify_mode = ssl.CERT_REQUIRED
        context.load_verify_locations(os.path.join(certs, "ca.pem"))
    return context


def record_update(record: dict, **changes) -> None:
    with CONDITION:
        record.update(changes)
        CONDITION.notify_all()


class Connection:
    """One accepted TLS connection: HTTP/1.1 requests in a loop until either side closes."""

    def __init__(self, case: str, raw: socket.socket, context: ssl.SSLContext) -> None:
        self.case = case
        self.raw = raw
        self.context = context
        self.buffer = b""
        self.tls: ssl.SSLSocket | None = None
        with CONDITION:
            self.record = {"id": len(RECORDS) + 1, "case": case, "handshake": "pending", "tls_version": None,
                           "session_reused": None, "application_bytes_received": 0, "requests": 0,
                           "closed": False}
            RECORDS.append(self.record)

    def run(self) -> None:
        try:
            self.raw.settimeout(30)
            self.tls = self.context.wrap_socket(self.raw, server_side=True, do_handshake_on_connect=False)
            try:
                self.tls.do_handshake()
            except (ssl.SSLError, OSError) as error:
                record_update(self.record, handshake=str(error) or type(error).__name__)
                return
            record_update(self.record, handshake="ok", tls_version=self.tls.version(),
                          session_reused=self.tls.session_reused)
            while self.serve_one():
                pass
        except (ssl.SSLError, OSError):
            pass
        finally:
            # wrap_socket detached `raw`: the TLS socket owns the descriptor once it exists.
            (self.tls if self.tls is not None else self.raw).close()
            record_update(self.record, closed=True)

    def receive(self) -> bool:
        try:
            data = self.tls.recv(65536)
        except (ssl.SSLZeroReturnError, ssl.SSLEOFError):
            data = b""
        if data:
            with CONDITION:
                self.record["application_bytes_received"] += len(data)
            self.buffer += data
        return bool(data)

    def serve_one(self) -> bool:
        while b"\r\n\r\n" not in self.buffer:
            if len(self.buffer) > 65536 or not self.receive():
                return False
        head, self.buffer = self.buffer.split(b"\r\n\r\n", 1)
        lines = head.decode("latin-1").split("\r\n")
        method, target, _ = (lines[0].split(" ") + ["", ""])[:3]
        headers = {}
        for line in lines[1:]:
            name, _, value = line.partition(":")
            headers[name.strip()] = value.strip()
        length = int(next((v for k, v in headers.items() if k.lower() == "content-length"), "0") or 0)
        while len(self.buffer) < length:
            if not self.receive():
                return False
        body, self.buffer = self.buffer[:length], self.buffer[length:]
        with CONDITION:
            self.record["requests"] += 1
            number = self.record["requests"]
        path = urlsplit(target).path
        if path.startswith("/truncate/"):
            self.truncate(path)
            return False
        if path == "/lines":
            count = int(parse_qs(urlsplit(target).query).get("n", ["600"])[-1])
            lines = [(json.dumps({"n": n}) + "\n").encode() for n in range(count)]
            self.tls.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/x-ndjson\r\nContent-Length: "
                             + str(sum(map(len, lines))).encode() + b"\r\n\r\n")
            for line in lines:
                self.tls.sendall(line)  # a TLS record each: many records reach the client in one read
            return True
        peer = self.tls.getpeercert() or {}
        subject = dict(pair[0] for pair in peer.get("subject", ()))
        answer = json.dumps({
            "case": self.case, "method": method, "path": target, "connection": self.record["id"],
            "request": number, "session_reused": self.tls.session_reused, "tls_version": self.tls.version(),
            "client_certificate": subject.get("commonName"), "headers": headers, "body_bytes": len(body),
        }).encode()
        closing = path == "/close" or self.case == "closing"
        self.tls.sendall(b"HTTP/1.1 200 OK\r\nContent-Type: application/json\r\nContent-Length: "
                         + str(len(answer)).encode() + (b"\r\nConnection: close" if closing else b"")
                         + b"\r\n\r\n" + answer)
        if closing:
            self.finish(close_notify=True)
        return not closing

    def truncate(self, path: str) -> None:
        head = b"HTTP/1.1 200 OK\r\nContent-Type: text/plain\r\nConnection: close\r\n"
        if path == "/truncate/short":
            self.tls.sendall(head + b"Content-Length: 1000\r\n\r\n" + BODY[:100])
            self.finish(close_notify=False)
        elif path == "/truncate/framed-then-cut":
            self.tls.sendall(head + b"Content-Length: " + str(len(BODY)).encode() + b"\r\n\r\n" + BODY)
            self.finish(close_notify=False)
        else:
            self.tls.sendall(head + b"\r\n" + BODY)
            self.finish(close_notify=path == "/truncate/close-notify")

    def finish(self, close_notify: bool) -> None:
        """Ends the connection: close_notify or not, then a TCP FIN, then waits (2 s at most)
        for the client to close, so its unread bytes never turn the close into a reset."""
        if close_notify:
            self.tls.setblocking(False)
            try:
                self.tls.unwrap()  # sends close_notify; the client's own is not waited for
            except (ssl.SSLWantReadError, ssl.SSLWantWriteError):
                pass
            self.tls.setblocking(True)
        self.tls.settimeout(2)
        try:
            # SSLSocket.shutdown drops the TLS layer and shuts the TCP socket: no close_notify.
            self.tls.shutdown(socket.SHUT_WR)
            while self.tls.recv(65536):  # plain TCP reads now
                pass
        except OSError:
            pass


def listen(case: str, port: int, context: ssl.SSLContext) -> None:
    server = socket.create_server(("127.0.0.1", port), backlog=128)

    def accept_loop() -> None:
        while True:
            raw, _ = server.accept()
            threading.Thread(target=Connection(case, raw, context).run, daemon=True).start()

    threading.Thread(target=accept_loop, daemon=True).start()


class Control(BaseHTTPRequestHandler):
    def do_GET(self) -> None:  # noqa: N802 (http.server's name)
        url = urlsplit(self.path)
        query = {key: values[-1] for key, values in parse_qs(url.query).items()}
        if url.path == "/health":
            return self.answer({"ok": True})
        case = query.get("case", "")
        timed_out = False
        with CONDITION:
            if url.path == "/wait":
                wanted = int(query.get("closed", "1"))
                closed = lambda: sum(1 for r in RECORDS if r["case"] == case and r["closed"]) >= wanted
                timed_out = not CONDITION.wait_for(closed, timeout=float(query.get("timeout", "10")))
            elif url.path != "/connections":
                return self.answer({"error": "unknown path"}, status=404)
            records = [dict(r) for r in RECORDS if r["case"] == case]
        self.answer({"connections": records, "timed_out": timed_out})

    def answer(self, value: dict, status: int = 200) -> None:
        body = json.dumps(value).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(body)))
        self.end_headers()
        self.wfile.write(body)

    def log_message(self, format: str, *args) -> None:  # noqa: A002 (http.server's name)
        sys.stderr.write("control: " + (format % args) + "\n")


def main() -> None:
    parser = argparse.ArgumentParser(description="Courier TLS test server (see the module docstring).")
    parser.add_argument("--certs", required=True, help="the folder scripts/lib/tls.sh filled")
    parser.add_argument("--control", type=int, required=True, help="the plain-HTTP control port")
    parser.add_argument("--case", action="append", default=[], help="NAME=PORT, once per case")
    arguments = parser.parse_args()
    for entry in arguments.case:
        case, _, port = entry.partition("=")
        try:
            context = context_for(case, arguments.certs)
        except (ssl.SSLError, ValueError) as error:
            print(f"tls_server: case {case} skipped: {error}", file=sys.stderr, flush=True)
            continue
        listen(case, int(port), context)
        print(f"tls_server: {case} on https://localhost:{port}", file=sys.stderr, flush=True)
    control = ThreadingHTTPServer(("127.0.0.1", arguments.control), Control)
    control.daemon_threads = True
    print(f"tls_server: control on http://127.0.0.1:{arguments.control}", file=sys.stderr, flush=True)
    control.serve_forever(poll_interval=0.2)


if __name__ == "__main__":
    main()
