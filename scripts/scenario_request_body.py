"""Reads a request body for the scenario server (scripts/scenario_server.py): whole, by
Content-Length or chunked, before any route runs, so that keep-alive never desyncs.

A malformed framing raises BadRequest (answered 400, connection closed); a body that ends
early raises ValueError (connection closed without an answer).
"""

from __future__ import annotations

from scenario_params import BadRequest

MAX_REQUEST_BODY = 512 * 1024 * 1024


def read_body(handler) -> bytes:
    """The body of the request `handler` (the scenario server's request handler) is reading."""
    if handler.headers.get("Transfer-Encoding", "").lower().find("chunked") >= 0:
        return _read_chunked(handler.rfile)
    length_header = handler.headers.get("Content-Length")
    if not length_header:
        return b""
    try:
        length = int(length_header)
    except ValueError:
        raise BadRequest(f"bad Content-Length {length_header!r}")
    if length < 0 or length > MAX_REQUEST_BODY:
        raise BadRequest(f"Content-Length {length} out of range")
    return _read_exactly(handler.rfile, length)


def _read_exactly(rfile, length: int) -> bytes:
    chunks = []
    remaining = length
    while remaining > 0:
        chunk = rfile.read(min(remaining, 1 << 20))
        if not chunk:
            raise ValueError(f"request body ended after {length - remaining} of {length} bytes")
        chunks.append(chunk)
        remaining -= len(chunk)
    return b"".join(chunks)


def _read_chunked(rfile) -> bytes:
    chunks = []
    total = 0
    while True:
        line = rfile.readline(1024)
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
                trailer = rfile.readline(8192)
                if trailer in (b"\r\n", b"\n", b""):
                    break
            return b"".join(chunks)
        total += size
        if total > MAX_REQUEST_BODY:
            raise BadRequest("chunked request body too large")
        chunks.append(_read_exactly(rfile, size))
        rfile.readline(1024)  # CRLF after the chunk data
