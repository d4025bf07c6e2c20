"""Cookie routes of the scenario server (scripts/scenario_server.py): an answer that sets the
cookies a test names, attributes and all, and a route that echoes the `Cookie` field it received,
so live tests see which cookies the client stored and which it sent back, on which path.

  ANY  /cookies/set?c=VALUE[&c=VALUE...][&to=URL&status=S]
                                       one Set-Cookie field per `c`, written as given (a control
                                       character included: the client must refuse it; CR, LF and
                                       NUL answer 400, they would end the field); answers
                                       {"set": [VALUE...]}, or with `to` a redirect (default 302)
                                       to URL carrying the same fields
  ANY  /cookies/echo, /cookies/<any path>/echo
                                       {"cookie": the Cookie field as received, or null,
                                        "path": the path asked for}
"""

from __future__ import annotations

from urllib.parse import urlsplit

from scenario_params import BadRequest, first, integer


def route(handler, path: str) -> bool:
    """Answers a `/cookies/...` request; `False` when `path` is none of these routes."""
    if path == "/cookies/set":
        set_cookies(handler)
        return True
    if path.startswith("/cookies/") and path.endswith("/echo"):
        echo_cookie(handler)
        return True
    return False


def set_cookies(handler) -> None:
    values = handler.args.get("c", [])
    for value in values:
        if any(character in value for character in "\r\n\x00"):
            raise BadRequest(f"a Set-Cookie value cannot hold CR, LF or NUL: {value!r}")
        try:
            value.encode("latin-1")
        except UnicodeEncodeError:
            raise BadRequest(f"a Set-Cookie value must be Latin-1: {value!r}")
    headers = [("Set-Cookie", value) for value in values]
    location = first(handler.args, "to")
    if location:
        status = integer(handler.args, "status", 302, 300, 399)
        handler.send_json({"set": values, "redirect": location}, status=status, headers=headers + [("Location", location)])
    else:
        handler.send_json({"set": values}, headers=headers)


def echo_cookie(handler) -> None:
    handler.send_json({"cookie": handler.headers.get("Cookie"), "path": urlsplit(handler.path).path})
