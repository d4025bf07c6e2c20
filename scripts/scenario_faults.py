"""Fault routes of the scenario server (scripts/scenario_server.py): broken, slow, big and
flaky answers.

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
"""

from __future__ import annotations

import threading

from scenario_handler import BINARY_TYPE, JSON_TYPE
from scenario_params import BadRequest, first, integer, number

HANG_SECONDS = 60.0
MAX_SLEEP_SECONDS = 120.0
BIG_CHUNK = b"courier-big-body" * 4096  # 64 KiB

FLAKY_LOCK = threading.Lock()
FLAKY_COUNTS: dict[str, int] = {}


def route(handler, path: str) -> None:
    """Answers a /fault/ route on `handler` (the scenario server's request handler)."""
    if path == "/fault/truncated":
        handler.start(200, JSON_TYPE, 1000)
        handler.wfile.write(b'{"truncated":"' + b"x" * 86)  # 100 bytes of a 1000-byte body
        return handler.abort_connection()
    if path == "/fault/hang":
        handler.sleep_or_client_gone(HANG_SECONDS)
        return handler.abort_connection()
    if path == "/fault/garbage":
        handler.wfile.write(b"\x16\x03\x01\x00\xa5\x01\x00 THIS IS NOT HTTP \xff\xfe\xfd\r\n\x00\x00garbage\r\n\r\n")
        return handler.abort_connection()
    if path == "/fault/close":
        return handler.abort_connection()
    if path == "/fault/slow-body":
        return _slow_body(
            handler,
            number(handler.args, "seconds", 2.0, 0.0, MAX_SLEEP_SECONDS),
            integer(handler.args, "pieces", 16, 1, 1024),
        )
    if path == "/fault/big":
        return _big(handler, number(handler.args, "mb", 100.0, 0.0, 4096.0))
    if path == "/fault/delay":
        seconds = number(handler.args, "seconds", 1.0, 0.0, MAX_SLEEP_SECONDS)
        if not handler.sleep_or_client_gone(seconds):
            return handler.abort_connection()
        return handler.send_json({"delayed": seconds})
    if path == "/fault/status":
        return _status(handler)
    if path == "/fault/flaky":
        return _flaky(handler)
    if path == "/fault/count":
        key = first(handler.args, "key")
        with FLAKY_LOCK:
            if key is None:
                return handler.send_json({"counts": dict(FLAKY_COUNTS)})
            count = FLAKY_COUNTS.get(key, 0)
        return handler.send_json({"key": key, "count": count})
    if path == "/fault/reset":
        if handler.allow("POST"):
            with FLAKY_LOCK:
                FLAKY_COUNTS.clear()
            handler.send_json({"code": 0, "msg": "ok"})
        return
    handler.send_not_found()


def _slow_body(handler, seconds: float, pieces: int) -> None:
    body = bytes(i % 251 for i in range(1024))
    handler.start(200, BINARY_TYPE, len(body))
    if handler.command == "HEAD":
        return
    step = len(body) // pieces
    for index in range(pieces):
        end = len(body) if index == pieces - 1 else (index + 1) * step
        handler.wfile.write(body[index * step:end])
        handler.wfile.flush()
        if index < pieces - 1 and not handler.sleep_or_client_gone(seconds / max(pieces - 1, 1)):
            return handler.abort_connection()


def _big(handler, megabytes: float) -> None:
    total = int(megabytes * 1024 * 1024)
    handler.start(200, BINARY_TYPE, total)
    if handler.command == "HEAD":
        return
    remaining = total
    view = memoryview(BIG_CHUNK)
    while remaining > 0:
        n = min(remaining, len(BIG_CHUNK))
        handler.wfile.write(view[:n])
        remaining -= n
    handler.wfile.flush()


def _retry_after_headers(handler) -> list[tuple[str, str]]:
    retry_after = first(handler.args, "retry_after")
    return [("Retry-After", retry_after)] if retry_after else []


def _status(handler) -> None:
    code = integer(handler.args, "code", 500, 200, 599)
    headers = _retry_after_headers(handler)
    if code in (204, 304):
        handler.start(code, None, None, headers)
        return
    handler.send_json({"code": code}, status=code, headers=headers)


def _flaky(handler) -> None:
    key = first(handler.args, "key")
    if not key:
        raise BadRequest("key is required")
    fail = integer(handler.args, "fail", 2, 0, 1_000_000)
    code = integer(handler.args, "code", 503, 200, 599)
    with FLAKY_LOCK:
        attempt = FLAKY_COUNTS.get(key, 0) + 1
        FLAKY_COUNTS[key] = attempt
    if attempt <= fail:
        return handler.send_json({"attempt": attempt, "code": code}, status=code, headers=_retry_after_headers(handler))
    handler.send_json({"attempt": attempt})
