"""Streaming routes of the scenario server (scripts/scenario_server.py), for Courier's streaming
tests: server-sent events, JSON lines, and the ways a stream goes wrong.

Every body is sent with `Transfer-Encoding: chunked`, one chunk per event or line, flushed at once.

  GET /streaming/sse                 events with ids, retry, multi-line data, comments, CRLF and LF mixed
  GET /streaming/ndjson?n=&delay=&gzip=
                                     n JSON lines {"n": i} (default 2000), `delay` seconds apart (default 0.0005);
                                     with gzip=1, as one gzip stream flushed after each line, with
                                     Content-Encoding: gzip whatever the request asked for
  GET /streaming/bulk?bytes=&chunk=  `bytes` of body (default 8 MiB) in `chunk`-byte chunks (default 16 KiB), as fast as read
  GET /streaming/drop                two events, then the connection is cut mid-body (no last chunk)
  GET /streaming/forever             a comment every 50 ms until the client goes
  GET /streaming/held?id=            one event, then waits (up to 30 s) for GET /streaming/release?id=, then one more
  GET /streaming/release?id=         releases the held stream `id`
  GET /streaming/auth                401 {"code":401} unless `Authorization: Bearer fresh`, then two events
  GET /streaming/resume              events 1-2 then a cut; with Last-Event-ID: 2, event 3 (no id) and the end
  ANY /streaming/echo                three events: the request's method, its Authorization (empty when
                                     absent) and its body, for the redirect tests
  GET /streaming/loop?n=             302 to /streaming/loop?n=n-1 (to itself without n), /streaming/echo at 0
  GET /Room/Comments                 the demo's live-room comments (Sources/Demo/Models/LiveComment.swift)
"""

from __future__ import annotations

import json
import threading
import time
import zlib

SSE_TYPE = "text/event-stream"
NDJSON_TYPE = "application/x-ndjson"

_held: dict[str, threading.Event] = {}
_held_lock = threading.Lock()


def _held_event(key: str) -> threading.Event:
    with _held_lock:
        return _held.setdefault(key, threading.Event())


def _start(handler, content_type: str, status: int = 200, encoding: str | None = None) -> None:
    handler.send_response(status)
    handler.send_header("Content-Type", content_type)
    if encoding:
        handler.send_header("Content-Encoding", encoding)
    handler.send_header("Cache-Control", "no-cache")
    handler.send_header("Transfer-Encoding", "chunked")
    handler.end_headers()
    handler._headers_sent = True


def _chunk(handler, data: bytes) -> None:
    handler.wfile.write(b"%x\r\n%s\r\n" % (len(data), data))
    handler.wfile.flush()


def _end(handler) -> None:
    handler.wfile.write(b"0\r\n\r\n")
    handler.wfile.flush()


SSE_BODY = [
    b"\xef\xbb\xbf: welcome\r\n",
    b"retry: 1500\nid: 1\nevent: comment\ndata: {\"user\":\"ann\",\"text\":\"hi\"}\n\n",
    b"data: first line\r\ndata: second line\r\n\r\n",
    b": keep-alive\n",
    b"id: 2\rdata: {\"user\":\"bob\",\"text\":\"yo\"}\r\r",
    b"event: gift\ndata\n\n",
]


ROOM_COMMENTS = [
    ": comments of room 1001\n",
    'id: 1\ndata: {"user":"小明","text":"晚上好!"}\n\n',
    'id: 2\ndata: {"user":"ann","text":"Love this song"}\n\n',
    'id: 3\nevent: comment\ndata: {"user":"吉他手","text":"下一首弹什么?"}\n\n',
]


def route(handler, path: str) -> bool:
    """Answers `path` if it is a streaming route; returns whether it did."""
    args = handler.args
    if path == "/streaming/sse":
        _start(handler, SSE_TYPE)
        for part in SSE_BODY:
            _chunk(handler, part)
        _end(handler)
        return True
    if path == "/streaming/ndjson":
        count = int(args.get("n", ["2000"])[0])
        delay = float(args.get("delay", ["0.0005"])[0])
        packer = zlib.compressobj(wbits=31) if args.get("gzip", ["0"])[0] == "1" else None
        _start(handler, NDJSON_TYPE, encoding="gzip" if packer else None)
        for index in range(count):
            line = json.dumps({"n": index}).encode() + b"\n"
            _chunk(handler, packer.compress(line) + packer.flush(zlib.Z_SYNC_FLUSH) if packer else line)
            if delay > 0:
                time.sleep(delay)
        if packer:
            _chunk(handler, packer.flush())
        _end(handler)
        return True
    if path == "/streaming/bulk":
        total = int(args.get("bytes", [str(8 << 20)])[0])
        size = int(args.get("chunk", [str(16 << 10)])[0])
        _start(handler, "application/octet-stream")
        block = b"x" * size
        sent = 0
        while sent < total:
            piece = block[: min(size, total - sent)]
            _chunk(handler, piece)
            sent += len(piece)
        _end(handler)
        return True
    if path == "/streaming/drop":
        _start(handler, SSE_TYPE)
        _chunk(handler, b"data: one\n\n")
        _chunk(handler, b"data: two\n\n")
        handler.abort_connection()
        return True
    if path == "/streaming/forever":
        _start(handler, SSE_TYPE)
        while True:
            _chunk(handler, b": tick\n")
            if not handler.sleep_or_client_gone(0.05):
                handler.close_connection = True
                return True
    if path == "/streaming/held":
        key = args.get("id", [""])[0]
        _start(handler, SSE_TYPE)
        _chunk(handler, b"data: first\n\n")
        released = _held_event(key).wait(30)
        _chunk(handler, b"data: %s\n\n" % (b"second" if released else b"timed out"))
        _end(handler)
        return True
    if path == "/streaming/release":
        _held_event(args.get("id", [""])[0]).set()
        handler.send_json({"released": True})
        return True
    if path == "/streaming/auth":
        if handler.headers.get("Authorization") != "Bearer fresh":
            handler.send_json({"code": 401, "msg": "token expired"}, status=401)
            return True
        _start(handler, SSE_TYPE)
        _chunk(handler, b"data: a\n\n")
        _chunk(handler, b"data: b\n\n")
        _end(handler)
        return True
    if path == "/streaming/echo":
        _start(handler, SSE_TYPE)
        for name, value in (
            ("method", handler.command),
            ("authorization", handler.headers.get("Authorization", "")),
            ("body", handler.body.decode("utf-8", errors="replace")),
        ):
            _chunk(handler, b"event: %s\ndata: %s\n\n" % (name.encode(), value.encode()))
        _end(handler)
        return True
    if path == "/streaming/loop":
        left = args.get("n", [""])[0]
        if left == "0":
            location = "/streaming/echo"
        else:
            location = "/streaming/loop" + (f"?n={int(left) - 1}" if left else "")
        handler.send_bytes(b"", status=302, headers=[("Location", location)])
        return True
    if path == "/Room/Comments":
        _start(handler, SSE_TYPE)
        for event in ROOM_COMMENTS:
            _chunk(handler, event.encode("utf-8"))
        _end(handler)
        return True
    if path == "/streaming/resume":
        _start(handler, SSE_TYPE)
        if handler.headers.get("Last-Event-ID") == "2":
            # No id: the event keeps the last event ID the stream had before the cut.
            _chunk(handler, b"data: three\n\n")
            _end(handler)
            return True
        _chunk(handler, b"retry: 10\nid: 1\ndata: one\n\nid: 2\ndata: two\n\n")
        handler.abort_connection()
        return True
    return False
