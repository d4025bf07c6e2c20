"""Routes of the scenario server for the outbox's live tests (Courier issue #48): a mutation that
honours the Idempotency-Key header (draft-ietf-httpapi-idempotency-key-header), records each key,
and applies each key once.  State is per name, so tests running in parallel use names of their own.

  POST /idempotent/<name>/apply?lose=1&hold=1&status=<s>&fail=<n>&failStatus=<s>&realm=<r>
       Needs an Idempotency-Key (a Structured Fields string, "…", or bare); without one 400.
       Every attempt is recorded (key, bearer token) before anything else.
       realm=<r>: needs "Authorization: Bearer <the current token of auth realm r>"
       (scripts/scenario_auth.py), else 401 {"code":401,"msg":"token expired"}.
       status=<s>: answers <s> {"code":<s>,"msg":"refused"} without applying (a final refusal).
       fail=<n>: the name's first <n> attempts answer failStatus (503 by default) without applying.
       A key applied before: its first answer again, with Idempotent-Replayed: true, not applied
       again; the same key with another body: 422 (the draft's "key reused").
       Otherwise applies it once: 201 {"applied": <applications of the name>, "key", "body"}.
       lose=1: applies, then closes the connection without answering (an answer lost after the
       server applied the mutation); the replay gets the stored answer.
       hold=1: applies, then holds the answer until the client goes away (at most 60 s): a
       client killed while its mutation was applied.
  GET  /idempotent/<name>/stats     {"applied": [{"key", "body"}], "attempts": [{"key", "token"}],
                                     "replays": n}
  GET  /idempotent/<name>/wait?applied=<n>&timeout=<s>
       answers the stats once <n> mutations of the name were applied (a long poll, so a test
       awaits the server instead of sleeping); 408 with the stats after <timeout> s (30 by default).
"""

from __future__ import annotations

import threading

import scenario_auth
from scenario_params import BadRequest, first, integer, number

_condition = threading.Condition()
_state: dict[str, dict] = {}


def _entry(name: str) -> dict:
    return _state.setdefault(name, {"applied": [], "attempts": [], "replays": 0, "answers": {}, "failed": 0})


def _stats(state: dict) -> dict:
    return {"applied": list(state["applied"]), "attempts": list(state["attempts"]), "replays": state["replays"]}


def _key(handler) -> str | None:
    raw = (handler.headers.get("Idempotency-Key") or "").strip()
    if len(raw) >= 2 and raw.startswith('"') and raw.endswith('"'):
        raw = raw[1:-1]
    return raw or None


def route(handler, path: str) -> None:
    """Answers an /idempotent/ route on `handler` (the scenario server's request handler)."""
    name, _, action = path[len("/idempotent/"):].partition("/")
    if not name or action not in ("apply", "stats", "wait"):
        return handler.send_not_found()
    if action == "stats":
        if handler.allow("GET"):
            with _condition:
                stats = _stats(_entry(name))
            handler.send_json(stats)
        return
    if action == "wait":
        if handler.allow("GET"):
            _wait(handler, name)
        return
    if handler.allow("POST"):
        _apply(handler, name)


def _wait(handler, name: str) -> None:
    wanted = integer(handler.args, "applied", 1, 0, 1_000_000)
    timeout = number(handler.args, "timeout", 30, 0, 120)
    with _condition:
        reached = _condition.wait_for(lambda: len(_entry(name)["applied"]) >= wanted, timeout=timeout)
        stats = _stats(_entry(name))
    handler.send_json(stats, status=200 if reached else 408)


def _apply(handler, name: str) -> None:
    status, payload, headers, applied = _decide(handler, name)
    if applied and first(handler.args, "lose") == "1":
        handler.abort_connection()
    if applied and first(handler.args, "hold") == "1":
        handler.sleep_or_client_gone(60)
        handler.abort_connection()
    handler.send_json(payload, status=status, headers=headers)


def _decide(handler, name: str) -> tuple[int, dict, list, bool]:
    """What the attempt gets: (status, body, headers, whether it applied the mutation now),
    decided under the lock; the answer is written after it is released."""
    key = _key(handler)
    authorization = handler.headers.get("Authorization") or ""
    token = authorization[7:] if authorization.lower().startswith("bearer ") else None
    body = handler.body.decode("utf-8", errors="replace")
    realm = first(handler.args, "realm")
    refused = first(handler.args, "status")
    failures = integer(handler.args, "fail", 0, 0, 1000)
    fail_status = integer(handler.args, "failStatus", 503, 400, 599)
    refused_status = None
    if refused is not None:
        try:
            refused_status = int(refused)
        except ValueError:
            raise BadRequest(f"status must be an integer, got {refused!r}")
    with _condition:
        state = _entry(name)
        state["attempts"].append({"key": key, "token": token})
        if key is None:
            return 400, {"code": 400, "msg": "Idempotency-Key is required"}, [], False
        if realm is not None:
            auth = scenario_auth.auth_state(realm)
            with auth.lock:
                valid = auth.token_status(authorization) == "ok"
            if not valid:
                return 401, {"code": 401, "msg": "token expired"}, [], False
        if refused_status is not None:
            return refused_status, {"code": refused_status, "msg": "refused"}, [], False
        if state["failed"] < failures:
            state["failed"] += 1
            return fail_status, {"code": fail_status, "msg": "try again"}, [], False
        stored = state["answers"].get(key)
        if stored is not None:
            if stored["body"] != body:
                return 422, {"code": 422, "msg": "Idempotency-Key reused with another request"}, [], False
            state["replays"] += 1
            return 201, stored["answer"], [("Idempotent-Replayed", "true")], False
        state["applied"].append({"key": key, "body": body})
        answer = {"applied": len(state["applied"]), "key": key, "body": body}
        state["answers"][key] = {"body": body, "answer": answer}
        _condition.notify_all()
        return 201, answer, [], True
