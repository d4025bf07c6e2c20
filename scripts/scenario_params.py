"""Query-string values of the scenario server (scripts/scenario_server.py), checked.

A value that is malformed or out of range raises BadRequest, which the request handler
(scripts/scenario_handler.py) answers with 400 {"code":400,"msg":...}.
"""

from __future__ import annotations

import math


class BadRequest(Exception):
    pass


def first(args: dict[str, list[str]], name: str, default: str | None = None) -> str | None:
    values = args.get(name)
    return values[0] if values else default


def number(args: dict[str, list[str]], name: str, default: float, low: float, high: float) -> float:
    raw = first(args, name)
    if raw is None or raw == "":
        return default
    try:
        value = float(raw)
    except ValueError:
        raise BadRequest(f"{name} must be a number, got {raw!r}")
    if not math.isfinite(value) or value < low or value > high:
        raise BadRequest(f"{name} must be between {low:g} and {high:g}, got {raw!r}")
    return value


def integer(args: dict[str, list[str]], name: str, default: int, low: int, high: int) -> int:
    value = number(args, name, default, low, high)
    if value != int(value):
        raise BadRequest(f"{name} must be an integer, got {first(args, name)!r}")
    return int(value)
