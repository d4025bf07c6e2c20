#!/usr/bin/env python3
"""Courier hostile server: what an attacker's or a broken server answers.

Python 3 standard library only.  It reads requests itself (keep-alive, Content-Length
and chunked bodies), so that a request smuggled inside another one shows up as a request
of its own, and writes its answers byte by byte as each route says.

    python3 scripts/hostile_server.py --port 8082 [--host 127.0.0.1] [--cache DIR]

Routes (any method):

  /health                  200 {"ok":true}
  /canary?i=ID             200, the body is the request line of THIS request ("GET /canary?i=ID
                           HTTP/1.1"): a client whose requests got out of step with the answers
                           (a smuggled request) reads another request's line
  /seen?marker=M           200, the number of request lines and header lines received since the
                           server started that contain M, /seen's own left out (was anything
                           smuggled through?)
  /count/NAME              200, how many requests /counted/NAME has received
  /counted/NAME            200 "counted", and one more for NAME
  /gzip-unasked/NAME       counts like /counted/NAME, then answers a small gzip body with
                           Content-Encoding: gzip whatever the request asked for
  /trailer                 200, chunked body "hello" followed by a trailer field
  /extra                   200 "first", then an unrequested second response on the same
                           connection right away
  /gzip-bomb?mb=N&status=S S (200 by default), Content-Encoding: gzip, Content-Length given: N MB
                           of zeros compressed (about N KB on the wire); N defaults to 1024
  /big?mb=N&status=S       S (200 by default), Content-Length: N MB, the body at about 128 MB/s
  /endless                 200, chunked, 64 KB chunks at about 128 MB/s for as long as the
                           client reads
  /trickle-head            the response head, 1 byte a second
  /trickle-body            head at once (Content-Length: 100000), then the body 1 byte a second
  /hang                    reads the request and never answers (a refresh endpoint that hangs)
  /pager?page=N            200 shop envelope, always {"current":1,"pages":10^12,"records":[…]}
  /early-answer?linger=1   413 with Connection: close as soon as the head is read, the request
                           body never read; then closes at once (the kernel resets the
                           connection over the unread body) or, with linger=1, shuts its side and
                           reads and drops what comes for up to 10 s before closing (a lingering
                           close): the 413 is the answer either way (RFC 9112 §9.5)

Every trickle and endless route stops when the client goes away.
"""

import argparse
import gzip
import json
import os
import socket
import socketserver
import sys
import threading
import time
import zlib
from urllib.parse import parse_qs, urlsplit

LOCK = threading.Lock()
SEEN_LINES: list[str] = []
COUNTS: dict[str, int] = {}
BOMBS: dict[int, bytes] = {}
BOMB_LOCK = threading.Lock()  # one bomb is made at a time, and once
CACHE_DIR: str | None = None  # where made bombs are kept between runs (--cache)
MB = 1024 * 1024
# /big and /endless send 64 KiB every 0.5 ms, about 128 MB/s: a client's limit is passed within
# a tenth of a second, and a client that cannot stop at once (libcurl reads ahead) does not keep
# a core busy reading at loopback speed while the rest of the test suite runs.
PACED_CHUNK = 64 * 1024
PACE_SECONDS = 0.0005


class ClientGone(Exception):
    pass


def gzip_of_zeros(megabytes: int) -> bytes:
    with BOMB_LOCK:
        return make_bomb(megabytes)


def make_bomb(megabytes: int) -> bytes:
    cached = BOMBS.get(megabytes)
    if cached is not None:
        return cached
    path = os.path.join(CACHE_DIR, f"gzip-bomb-{megabytes}.gz") if CACHE_DIR else None
    if path and os.path.exists(path):
        with open(path, "rb") as file:
            BOMBS[megabytes] = file.read()
        return BOMBS[megabytes]
    compressor = zlib.compressobj(9, zlib.DEFLATED, 31)
    block = bytes(MB)
    parts = [compressor.compress(block) for _ in range(megabytes)]
    parts.append(compressor.flush())
    data = b"".join(parts)
    BOMBS[megabytes] = data
    if path:
        with open(path + ".tmp", "wb") as file:
            file.write(data)
        os.replace(path + ".tmp", path)
    return data


def status_line(query: dict[str, list[str]]) -> str:
    """The status a route answers with: `status=S` (an error page, say), 200 OK by default."""
    code = int(query.get("status", ["200"])[0])
    return "200 OK" if code == 200 else f"{code} Status {code}"


def response(status: str, body: bytes, headers: list[tuple[str, str]] | None = None) -> bytes:
    head = [f"HTTP/1.1 {status}", f"Content-Length: {len(body)}"]
    head += [f"{name}: {value}" for name, value in headers or []]
    return ("\r\n".join(head) + "\r\n\r\n").encode("latin-1") + body


class Handler(socketserver.BaseRequestHandler):
    def setup(self) -> None:
        self.buffer = b""
        self.request.setsockopt(socket.IPPROTO_TCP, socket.TCP_NODELAY, 1)

    def read_more(self) -> None:
        chunk = self.request.recv(65536)
        if not chunk:
            raise ClientGone()
        self.buffer += chunk

    def read_line(self) -> bytes:
        while b"\r\n" not in self.buffer:
            if len(self.buffer) > 65536:
                raise ClientGone()
            self.read_more()
        line, self.buffer = self.buffer.split(b"\r\n", 1)
        return line

    def read_exactly(self, count: int) -> bytes:
        while len(self.buffer) < count:
            self.read_more()
        data, self.buffer = self.buffer[:count], self.buffer[count:]
        return data

    def read_body(self, headers: dict[str, str]) -> None:
        if "chunked" in headers.get("transfer-encoding", "").lower():
            while True:
                size = int(self.read_line().split(b";")[0].strip() or b"0", 16)
                if size == 0:
                    while self.read_line():
                        pass
                    return
                self.read_exactly(size + 2)
        length = headers.get("content-length", "0").strip() or "0"
        self.read_exactly(int(length) if length.isdigit() else 0)

    def handle(self) -> None:
        try:
            while True:
                request_line = self.read_line().decode("latin-1")
                if not request_line:
                    continue
                headers: dict[str, str] = {}
                lines = [request_line]
                while True:
                    line = self.read_line().decode("latin-1")
                    if not line:
                        break
                    lines.append(line)
                    name, _, value = line.partition(":")
                    headers[name.strip().lower()] = value.strip()
                if " /seen?" not in request_line:
                    with LOCK:
                        SEEN_LINES.extend(lines)
                if " /early-answer" in request_line:
                    self.early_answer(request_line)
                    return
                self.read_body(headers)
                if not self.route(request_line):
                    return
        except (ClientGone, ConnectionError, OSError, ValueError):
            return

    def send(self, data: bytes) -> None:
        self.request.sendall(data)

    def route(self, request_line: str) -> bool:
        """Answers one request; False closes the connection."""
        parts = request_line.split(" ")
        target = parts[1] if len(parts) > 1 else "/"
        url = urlsplit(target)
        query = parse_qs(url.query)
        path = url.path

        if path == "/health":
            self.send(response("200 OK", b'{"ok":true}', [("Content-Type", "application/json")]))
        elif path == "/canary":
            self.send(response("200 OK", request_line.encode("latin-1")))
        elif path == "/seen":
            marker = query.get("marker", [""])[0]
            with LOCK:
                count = sum(1 for line in SEEN_LINES if marker and marker in line)
            self.send(response("200 OK", str(count).encode()))
        elif path.startswith("/counted/"):
            self.count(path.removeprefix("/counted/"))
            self.send(response("200 OK", b"counted"))
        elif path.startswith("/count/"):
            with LOCK:
                count = COUNTS.get(path.removeprefix("/count/"), 0)
            self.send(response("200 OK", str(count).encode()))
        elif path.startswith("/gzip-unasked/"):
            self.count(path.removeprefix("/gzip-unasked/"))
            body = gzip.compress(b'{"compressed":true}')
            self.send(response("200 OK", body, [("Content-Encoding", "gzip"), ("Content-Type", "application/json")]))
        elif path == "/trailer":
            self.send(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\nTrailer: X-Checksum\r\n\r\n"
                      b"5\r\nhello\r\n0\r\nX-Checksum: 42\r\n\r\n")
        elif path == "/extra":
            self.send(response("200 OK", b"first") + response("200 OK", b"EXTRA-UNREQUESTED"))
        elif path == "/gzip-bomb":
            megabytes = int(query.get("mb", ["1024"])[0])
            self.send(response(status_line(query), gzip_of_zeros(megabytes),
                               [("Content-Encoding", "gzip"), ("Content-Type", "application/octet-stream")]))
        elif path == "/big":
            megabytes = int(query.get("mb", ["64"])[0])
            self.send(f"HTTP/1.1 {status_line(query)}\r\nContent-Length: {megabytes * MB}\r\n\r\n".encode())
            block = bytes(PACED_CHUNK)
            for _ in range(megabytes * MB // PACED_CHUNK):
                self.send(block)
                time.sleep(PACE_SECONDS)
        elif path == "/endless":
            self.send(b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n")
            chunk = b"%x\r\n" % PACED_CHUNK + bytes(PACED_CHUNK) + b"\r\n"
            while True:
                self.send(chunk)
                time.sleep(PACE_SECONDS)
        elif path == "/trickle-head":
            for byte in b"HTTP/1.1 200 OK\r\nContent-Length: 2\r\n\r\nok":
                self.send(bytes([byte]))
                time.sleep(1)
        elif path == "/trickle-body":
            self.send(b"HTTP/1.1 200 OK\r\nContent-Length: 100000\r\n\r\n")
            for _ in range(100000):
                self.send(b"x")
                time.sleep(1)
        elif path == "/hang":
            while True:
                self.read_more()
        elif path == "/pager":
            page = {"current": 1, "pages": 10**12, "size": 1, "total": 10**12, "records": [{"id": 1}]}
            body = json.dumps({"succeed": True, "code": 0, "msg": "ok", "data": page}).encode()
            self.send(response("200 OK", body, [("Content-Type", "application/json")]))
        else:
            self.send(response("404 Not Found", b"no such route"))
        return True

    def early_answer(self, request_line: str) -> None:
        """Answers before reading the body, then closes, lingering or not."""
        self.send(response("413 Content Too Large", b"too large", [("Connection", "close")]))
        if "linger=1" not in request_line:
            return
        self.request.shutdown(socket.SHUT_WR)
        self.request.settimeout(1)
        deadline = time.monotonic() + 10
        while time.monotonic() < deadline:
            try:
                if not self.request.recv(65536):
                    return
            except socket.timeout:
                continue

    def count(self, name: str) -> None:
        with LOCK:
            COUNTS[name] = COUNTS.get(name, 0) + 1


class Server(socketserver.ThreadingTCPServer):
    daemon_threads = True
    allow_reuse_address = True
    request_queue_size = 128


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--host", default="127.0.0.1")
    parser.add_argument("--port", type=int, required=True)
    parser.add_argument("--cache", help="a folder to keep the gzip bomb in between runs")
    arguments = parser.parse_args()
    global CACHE_DIR
    CACHE_DIR = arguments.cache
    # The 1 GiB bomb takes seconds of CPU to make: made at start, not while tests measure time.
    threading.Thread(target=gzip_of_zeros, args=(1024,), daemon=True).start()
    with Server((arguments.host, arguments.port), Handler) as server:
        print(f"hostile server on http://{arguments.host}:{arguments.port}", file=sys.stderr, flush=True)
        server.serve_forever(poll_interval=0.2)


if __name__ == "__main__":
    main()
