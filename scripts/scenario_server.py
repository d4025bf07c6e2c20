#!/usr/bin/env python3
"""Courier scenario server: the backend behaviours that httpbin cannot produce.

Python 3 standard library only.  HTTP/1.1 with keep-alive; every normal answer carries
Content-Length; JSON is UTF-8 (scripts/scenario_handler.py).  Bodies sent to the server are
read whole (Content-Length or chunked) before a route runs, so keep-alive never desyncs.

    python3 scripts/scenario_server.py --port 8081 [--host 127.0.0.1]

Route index ("ANY" = any method; HEAD works everywhere and drops the body; a route called
with a method it does not take answers 405 JSON with an Allow header).  Each group's module
details its routes:

  ANY  /health                         {"ok":true}
  /envelope/*, /boxoffice/rank, /Room/GetHotLive_v2, /Room/Follow, /mallOrder/create,
  /bare/*, /mallCart/list, /html/500, /html/200
                                       business envelopes, bare strings, HTML: scenario_canned.py
  /mallProductsInfo/getProductList, /mallProductsInfo/getProduct, /paging/stuck|cursor|endless
                                       paged goods and one goods: scenario_goods.py
  /auth/*, /realms/<name>/auth/*       login, refresh, token checks per realm: scenario_auth.py
  /fault/*                             truncated, hung, garbage, slow, big, delayed, flaky
                                       answers: scenario_faults.py
  /redirect/cross-host, /redirect/same-host, /echo
                                       redirects and what reached the server: scenario_echo.py
  /download/file, /download/fail       downloads: scenario_downloads.py
  /streaming/*, /Room/Comments         SSE, JSON lines, broken streams: scenario_stream.py
  /cache/*                             the HTTP cache's live tests (issue 23): scenario_cache.py
  /idempotent/*                        a mutation that applies each Idempotency-Key once, for the
                                       outbox's live tests (issue 48): scenario_idempotency.py
  /cookies/set, /cookies/.../echo      cookies set with given attributes, the Cookie field echoed:
                                       scenario_cookies.py

Unknown paths answer 404 {"code":404,"msg":"no such route: <path>"}.  A route that
raises answers 500 JSON (when nothing was sent yet) and the server keeps running.
Each request is logged as one line on stderr.
"""

from __future__ import annotations

import argparse
import sys
from http.server import ThreadingHTTPServer

import scenario_auth
import scenario_cache
import scenario_canned
import scenario_cookies
import scenario_downloads
import scenario_echo
import scenario_faults
import scenario_goods
import scenario_idempotency
import scenario_stream
from scenario_handler import ScenarioHandler


class Handler(ScenarioHandler):
    """Sends each request to its route group."""

    def route(self) -> None:
        path = self.route_path
        path = scenario_canned.ENVELOPE_ALIASES.get(path, path)
        if path == "/health":
            return self.send_json({"ok": True})
        if (path.startswith("/streaming/") or path == "/Room/Comments") and scenario_stream.route(self, path):
            return
        if scenario_canned.route(self, path):
            return
        if path == "/mallProductsInfo/getProductList":
            return scenario_goods.product_list(self)
        if path == "/paging/cursor":
            return scenario_goods.cursor_pages(self)
        if path in ("/paging/stuck", "/paging/endless"):
            return scenario_goods.unbounded_pages(self, stuck=path == "/paging/stuck")
        if path == "/mallProductsInfo/getProduct":
            return scenario_goods.product(self)
        if path.startswith("/auth/"):
            return scenario_auth.route(self, path, scenario_auth.auth_state(""))
        if path.startswith("/realms/"):
            realm, _, rest = path[len("/realms/"):].partition("/")
            if realm and rest.startswith("auth/"):
                return scenario_auth.route(self, "/" + rest, scenario_auth.auth_state(realm))
        if path.startswith("/fault/"):
            return scenario_faults.route(self, path)
        if path == "/redirect/cross-host":
            return scenario_echo.cross_host_redirect(self)
        if path == "/redirect/same-host":
            return scenario_echo.same_host_redirect(self)
        if path == "/echo":
            return scenario_echo.echo(self)
        if path.startswith("/cache/"):
            return scenario_cache.route(self, path)
        if path.startswith("/idempotent/"):
            return scenario_idempotency.route(self, path)
        if path.startswith("/cookies/") and scenario_cookies.route(self, path):
            return
        if path == "/download/file":
            return scenario_downloads.download_file(self)
        if path == "/download/fail":
            return scenario_downloads.download_fail(self)
        self.send_not_found()


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
