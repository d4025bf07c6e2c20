"""Routes of the scenario server for the HTTP cache's live tests (Courier issue #23).

What httpbin cannot do: count what reached the server, answer a conditional request per a
test's own ETag, send any Cache-Control/Vary/Age, and switch a resource to failing.  State is
per name, so tests running in parallel use names of their own.

  GET  /cache/item/<name>?cc=<Cache-Control>&etag=<etag>&vary=<header>&age=<n>&lm=<seconds ago>
                         &expires=<Expires as sent>&status=<status>&field=<Name: value>...
       <status> (200 by default) {"name", "full": <full answers so far>, "varied": <value of the
       Vary header>} with those headers (each `field` one more line, as given) and a Date; 304
       when If-None-Match names the etag (or If-Modified-Since is given and lm is set).  While the
       name is failing, answers its failing status.
  GET  /cache/coded/<name>?ce=<coding>&te=<coding>&cc=<Cache-Control>
       200 "a body in no coding at all" (counts as "full") with Content-Encoding: <ce> and, with
       te, Transfer-Encoding: <te> and no Content-Length: the body then ends when the server
       closes the connection (RFC 9112 §6.3 for a final coding other than chunked).
  POST /cache/item/<name>              200 {"ok":true} (an unsafe method: the cache invalidates)
  ANY  /cache/fail/<name>?status=503   makes <name> fail with that status (0 to recover)
  GET  /cache/stats/<name>             {"full": n, "conditional": n, "notModified": n}
  GET  /cache/login/<name>?user=<user>  200 {"user"}, no-store, Set-Cookie: session=<user> and
       csrf=SECRET-<user> (Path=/ both)
  GET  /cache/me/<name>                200 {"user": <the session cookie>, "full": n} with
       Cache-Control: private, max-age=600, Vary: Cookie and the same csrf Set-Cookie again
       (a session read from a cookie only; the cookie jar is the same after it)
  GET  /cache/hop/<name>?to=<path>     302 to <path> without a lifetime (counts as "full")
"""

from __future__ import annotations

import threading
import time
from email.utils import formatdate

_lock = threading.Lock()
_state: dict[str, dict] = {}


def _entry(name: str) -> dict:
    with _lock:
        return _state.setdefault(name, {"full": 0, "conditional": 0, "notModified": 0, "failing": 0})


def route(handler, path: str) -> None:
    """Answers a /cache/ route on `handler` (the scenario server's request handler)."""
    kind, _, name = path[len("/cache/"):].partition("/")
    if not name:
        return handler.send_json({"code": 404, "msg": f"no such route: {path}"}, status=404)
    state = _entry(name)
    if kind == "stats":
        with _lock:
            return handler.send_json({k: state[k] for k in ("full", "conditional", "notModified")})
    if kind == "fail":
        status = int((handler.args.get("status") or ["503"])[0])
        with _lock:
            state["failing"] = status
        return handler.send_json({"ok": True, "failing": status})
    if kind in ("login", "me", "hop"):
        return _session(handler, kind, state)
    if kind == "coded":
        return _coded(handler, state)
    if kind != "item":
        return handler.send_json({"code": 404, "msg": f"no such route: {path}"}, status=404)
    if handler.command == "POST":
        return handler.send_json({"ok": True})

    def arg(key: str) -> str | None:
        values = handler.args.get(key)
        return values[0] if values else None

    with _lock:
        failing = state["failing"]
    if failing:
        return handler.send_json({"code": failing, "msg": "failing on purpose"}, status=failing,
                                 headers=[("Cache-Control", "no-store")])
    headers: list[tuple[str, str]] = []
    etag, cc, vary, age, lm = arg("etag"), arg("cc"), arg("vary"), arg("age"), arg("lm")
    expires, status = arg("expires"), int(arg("status") or "200")
    if expires is not None:
        headers.append(("Expires", expires))
    for field in handler.args.get("field") or []:
        name, _, value = field.partition(":")
        headers.append((name.strip(), value.strip()))
    if cc:
        headers.append(("Cache-Control", cc))
    if etag:
        headers.append(("ETag", f'"{etag}"'))
    if vary:
        headers.append(("Vary", vary))
    if age:
        headers.append(("Age", age))
    if lm:
        headers.append(("Last-Modified", formatdate(time.time() - float(lm), usegmt=True)))
    if_none_match = handler.headers.get("If-None-Match")
    if_modified_since = handler.headers.get("If-Modified-Since")
    if if_none_match or if_modified_since:
        with _lock:
            state["conditional"] += 1
        if (etag and if_none_match == f'"{etag}"') or (lm and if_modified_since and not etag):
            with _lock:
                state["notModified"] += 1
            handler.start(304, None, None, headers + [("X-Revalidated", "yes")])
            return
    with _lock:
        state["full"] += 1
        full = state["full"]
    varied = handler.headers.get(vary) if vary else None
    handler.send_json({"name": name, "full": full, "varied": varied}, status=status, headers=headers)


def _coded(handler, state: dict) -> None:
    """A body in no coding, labelled with codings a client may not know (the coded route)."""
    with _lock:
        state["full"] += 1
    body = b"a body in no coding at all"
    ce, te = (handler.args.get(key, [None])[0] for key in ("ce", "te"))
    headers = [("Cache-Control", (handler.args.get("cc") or ["max-age=60"])[0])]
    if ce:
        headers.append(("Content-Encoding", ce))
    if not te:
        return handler.send_bytes(body, content_type="text/plain", headers=headers)
    handler.start(200, "text/plain", None, headers + [("Transfer-Encoding", te)], close=True)
    if handler.command != "HEAD":
        handler.wfile.write(body)
    handler.wfile.flush()


def _session(handler, kind: str, state: dict) -> None:
    """The login, /me and redirect routes: what a cache must keep apart per user and per hop."""
    if kind == "hop":
        with _lock:
            state["full"] += 1
        target = (handler.args.get("to") or ["/echo"])[0]
        return handler.send_json({"redirect": target}, status=302, headers=[("Location", target)])
    if kind == "login":
        user = (handler.args.get("user") or ["nobody"])[0]
        return handler.send_json({"user": user}, headers=[
            ("Cache-Control", "no-store"), ("Set-Cookie", f"session={user}; Path=/"),
            ("Set-Cookie", f"csrf=SECRET-{user}; Path=/")])
    user = None
    for part in (handler.headers.get("Cookie") or "").split(";"):
        name, _, value = part.strip().partition("=")
        if name == "session":
            user = value
    with _lock:
        state["full"] += 1
        full = state["full"]
    handler.send_json({"user": user, "full": full}, headers=[
        ("Cache-Control", "private, max-age=600"), ("Vary", "Cookie"),
        ("Set-Cookie", f"csrf=SECRET-{user}; Path=/")])
