"""Download routes of the scenario server (scripts/scenario_server.py): a file whose bytes a
test can check, and one that breaks off.

  ANY  /download/file?kb=N             N KiB (default 64): byte i = i % 251, application/octet-stream,
                                       Content-Disposition: attachment; filename="file-N.bin"
  ANY  /download/fail                  headers with Content-Length 10000, 100 bytes, then closes
"""

from __future__ import annotations

from scenario_handler import BINARY_TYPE
from scenario_params import integer

# Deterministic download bytes: byte i is i % 251.  A chunk whose length is a
# multiple of 251 always starts at pattern offset 0, so it can be reused as is.
PATTERN_CHUNK = bytes(i % 251 for i in range(251 * 261))  # 65,511 bytes


def download_file(handler) -> None:
    kb = integer(handler.args, "kb", 64, 0, 4 * 1024 * 1024)
    total = kb * 1024
    disposition = f'attachment; filename="file-{kb}.bin"'
    handler.start(200, BINARY_TYPE, total, [("Content-Disposition", disposition)])
    if handler.command == "HEAD":
        return
    remaining = total
    view = memoryview(PATTERN_CHUNK)
    while remaining > 0:
        n = min(remaining, len(PATTERN_CHUNK))
        handler.wfile.write(view[:n])
        remaining -= n
    handler.wfile.flush()


def download_fail(handler) -> None:
    handler.start(200, BINARY_TYPE, 10000, [("Content-Disposition", 'attachment; filename="fail.bin"')])
    handler.wfile.write(PATTERN_CHUNK[:100])
    return handler.abort_connection()
