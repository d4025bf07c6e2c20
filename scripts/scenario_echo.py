"""Redirect and echo routes of the scenario server (scripts/scenario_server.py): a redirect's
target echoes what reached it, so tests see which credentials and body survived the hop.

  ANY  /redirect/cross-host?status=302|301|303|307|308&to=URL
                                       redirects (default 302) to URL; default
                                       http://localhost:<this port>/echo, another host than
                                       127.0.0.1, so clients must drop credentials
  ANY  /redirect/same-host?status=S&to=PATH
                                       redirects to PATH on this host (default /echo)
  ANY  /echo                           {"method","path","query" (raw string),"args" ({k:[v...]}),
                                        "headers" ({name: value}, repeated names joined by ", "),
                                        "body" (UTF-8, invalid bytes replaced),"bodyLength"}
"""

from __future__ import annotations

from urllib.parse import urlsplit

from scenario_handler import json_bytes
from scenario_params import first, integer


def cross_host_redirect(handler) -> None:
    port = handler.server.server_address[1]
    _redirect(handler, first(handler.args, "to") or f"http://localhost:{port}/echo")


def same_host_redirect(handler) -> None:
    _redirect(handler, first(handler.args, "to") or "/echo")


def _redirect(handler, location: str) -> None:
    status = integer(handler.args, "status", 302, 300, 399)
    body = json_bytes({"redirect": location, "status": status})
    handler.send_bytes(body, status=status, headers=[("Location", location)])


def echo(handler) -> None:
    headers: dict[str, str] = {}
    for name, value in handler.headers.items():
        headers[name] = f"{headers[name]}, {value}" if name in headers else value
    handler.send_json(
        {
            "method": handler.command,
            "path": urlsplit(handler.path).path,
            "query": handler.raw_query,
            "args": handler.args,
            "headers": headers,
            "body": handler.body.decode("utf-8", errors="replace"),
            "bodyLength": len(handler.body),
        }
    )
