"""Auth routes of the scenario server (scripts/scenario_server.py), with server-side token state.

State is kept per server process, behind a lock.  Every /auth/* route also answers under
/realms/<name>/auth/*, which has its own independent state: tests that run in parallel each
use their own realm (a base URL of http://host:port/realms/<name>).

  POST /auth/login                     logins += 1; issues tok-N / ref-N (N = a counter shared with
                                       refresh): {"code":0,"msg":"ok","data":{"accessToken":"tok-N",
                                       "refreshToken":"ref-N","expiresIn":3600}}
  POST /auth/refresh                   body JSON or form {"refreshToken": any ref-* issued since the
                                       last reset}; refreshes += 1; issues tok-N+1 / ref-N+1 (same
                                       shape as login).  Missing token 400; unknown 401; while
                                       refresh-fails is on: 401 {"code":401,"msg":"refresh failed"}
  GET  /auth/me                        needs "Authorization: Bearer <current token>"; else HTTP 401
                                       {"code":401,"msg":"token expired"} (no WWW-Authenticate).
                                       OK: {"code":0,"msg":"ok","data":{"user":"courier","token":...}}
  GET  /auth/me-envelope               as /auth/me, but always HTTP 200: a missing token answers
                                       {"code":915,"msg":"not logged in"}, an old one
                                       {"code":916,"msg":"token expired"}
  POST /auth/expire                    makes the current token stale (refresh then issues a new one)
  GET  /auth/stats                     {"refreshes":N,"logins":N,"meCalls":N,"rejected":N,
                                        "currentToken":"tok-N" or null,"expired":bool,"refreshFails":bool}
  POST /auth/reset                     back to the initial state (no token issued, counters 0)
  POST /auth/refresh-fails?on=1        refresh answers 401 until reset (or ?on=0)
"""

from __future__ import annotations

import threading

from scenario_params import first


class AuthState:
    """Server-side token state of one realm, shared by all connections."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.reset()

    def reset(self) -> None:
        self.counter = 0
        self.logins = 0
        self.refreshes = 0
        self.me_calls = 0
        self.rejected = 0
        self.current_token: str | None = None
        self.expired = False
        self.refresh_fails = False
        self.issued_refresh_tokens: set[str] = set()

    def issue(self) -> dict:
        self.counter += 1
        self.current_token = f"tok-{self.counter}"
        refresh = f"ref-{self.counter}"
        self.issued_refresh_tokens.add(refresh)
        self.expired = False
        return {"accessToken": self.current_token, "refreshToken": refresh, "expiresIn": 3600}

    def token_status(self, authorization: str | None) -> str:
        """Returns "ok", "missing" or "stale" for an Authorization header value."""
        if not authorization:
            return "missing"
        scheme, _, token = authorization.strip().partition(" ")
        if scheme.lower() != "bearer" or not token.strip():
            return "missing"
        if self.current_token is not None and not self.expired and token.strip() == self.current_token:
            return "ok"
        return "stale"

    def stats(self) -> dict:
        return {
            "refreshes": self.refreshes,
            "logins": self.logins,
            "meCalls": self.me_calls,
            "rejected": self.rejected,
            "currentToken": self.current_token,
            "expired": self.expired,
            "refreshFails": self.refresh_fails,
        }


AUTH_REALMS_LOCK = threading.Lock()
AUTH_REALMS: dict[str, AuthState] = {}


def auth_state(realm: str) -> AuthState:
    """The state of `realm`; "" is the realm of the bare /auth/* routes."""
    with AUTH_REALMS_LOCK:
        state = AUTH_REALMS.get(realm)
        if state is None:
            state = AUTH_REALMS[realm] = AuthState()
        return state


def route(handler, path: str, state: AuthState) -> None:
    """Answers the /auth/ route `path` on `handler` (the scenario server's request handler)
    against `state`; `path` is the route without its /realms/<name> prefix."""
    if path == "/auth/login":
        if handler.allow("POST"):
            with state.lock:
                state.logins += 1
                data = state.issue()
            handler.send_json({"code": 0, "msg": "ok", "data": data})
    elif path == "/auth/refresh":
        if handler.allow("POST"):
            _refresh(handler, state)
    elif path in ("/auth/me", "/auth/me-envelope"):
        if handler.allow("GET"):
            _me(handler, state, envelope=path == "/auth/me-envelope")
    elif path == "/auth/expire":
        if handler.allow("POST"):
            with state.lock:
                state.expired = True
                stats = state.stats()
            handler.send_json({"code": 0, "msg": "ok", "data": stats})
    elif path == "/auth/stats":
        if handler.allow("GET"):
            with state.lock:
                stats = state.stats()
            handler.send_json(stats)
    elif path == "/auth/reset":
        if handler.allow("POST"):
            with state.lock:
                state.reset()
            handler.send_json({"code": 0, "msg": "ok"})
    elif path == "/auth/refresh-fails":
        if handler.allow("POST"):
            on = first(handler.args, "on", "1") not in ("0", "false", "no", "off")
            with state.lock:
                state.refresh_fails = on
            handler.send_json({"code": 0, "msg": "ok", "data": {"refreshFails": on}})
    else:
        handler.send_not_found()


def _refresh(handler, state: AuthState) -> None:
    params = handler.body_params()
    token = params.get("refreshToken") or first(handler.args, "refreshToken")
    with state.lock:
        if state.refresh_fails:
            status, payload = 401, {"code": 401, "msg": "refresh failed"}
        elif not token:
            status, payload = 400, {"code": 400, "msg": "refreshToken is required"}
        elif str(token) not in state.issued_refresh_tokens:
            status, payload = 401, {"code": 401, "msg": "invalid refresh token"}
        else:
            state.refreshes += 1
            status, payload = 200, {"code": 0, "msg": "ok", "data": state.issue()}
    handler.send_json(payload, status=status)


def _me(handler, state: AuthState, envelope: bool) -> None:
    with state.lock:
        state.me_calls += 1
        status = state.token_status(handler.headers.get("Authorization"))
        if status != "ok":
            state.rejected += 1
        token = state.current_token
    if status == "ok":
        return handler.send_json({"code": 0, "msg": "ok", "data": {"user": "courier", "token": token}})
    if not envelope:
        return handler.send_json({"code": 401, "msg": "token expired"}, status=401)
    if status == "missing":
        return handler.send_json({"code": 915, "msg": "not logged in"})
    handler.send_json({"code": 916, "msg": "token expired"})
