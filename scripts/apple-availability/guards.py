"""The parts of a Swift file that run only on newer systems, from the compiler's parse of it.

`swiftc -frontend -dump-parse -dump-ast-format json` gives every statement and declaration with
its byte range. A scope provides a platform version where its code cannot run below it:

  - the body of `if #available(macOS 26, iOS 26, *)` (from the `if` itself when the query is
    its first condition, so the conditions after it count too), of `while #available`, and the
    rest of the enclosing block after `guard #available(...) else { ... }`;
  - the `else` of `if #unavailable(...)` and the `else` block of `guard #unavailable(...)`
    (the parse does not mark `#unavailable`; a query without `*` is one, as `#available`
    requires the `*`);
  - a declaration marked `@available(macOS 26, *)` (a type, an extension, a function, a
    property with its accessors and initial value), and `@available(macOS, unavailable)` on a
    platform where it never runs.

A runtime query names each platform it checks: `if #available(iOS 26, *)` runs on visionOS at
visionOS's floor (Swift does not apply iOS queries to visionOS). An attribute for iOS applies
to visionOS too, as the compiler applies it.

The parse drops the code of `#if` blocks, so the file is parsed with its directive lines
blanked (conditionals.blanked): every clause's code, at its own offsets.
"""

import json
import os
import subprocess
import tempfile

import conditionals
import platforms


class Scope:
    def __init__(self, start, end, provides):
        self.start, self.end, self.provides = start, end, provides


def _extent(node, low=None, high=None):
    """The first and last offsets of every range in `node`'s subtree."""
    if isinstance(node, dict):
        span = node.get("range")
        if isinstance(span, dict) and "start" in span:
            low = span["start"] if low is None else min(low, span["start"])
            high = span["end"] if high is None else max(high, span["end"])
        for value in node.values():
            if isinstance(value, (dict, list)):
                low, high = _extent(value, low, high)
    elif isinstance(node, list):
        for value in node:
            low, high = _extent(value, low, high)
    return low, high


def _query(condition):
    """(positive, {platform: version}) for a `#available`/`#unavailable` condition."""
    provides, wildcard = {}, False
    for spec in condition.get("queries", []):
        if spec.get("domain") == "*":
            wildcard = True
            continue
        name = platforms.platform(spec.get("domain", ""))
        if name and "version" in spec:
            provides[name] = platforms.version(spec["version"])
    return wildcard, provides


def _attributes(attrs):
    """{platform: version} that `@available` attributes give the declaration's body, or None."""
    provides, found = {}, False
    for attr in attrs:
        if attr.get("_kind") != "available_attr":
            continue
        domain = attr.get("domainIdentifier", "")
        if domain == "*" and attr.get("unavailable"):
            return {name: platforms.UNAVAILABLE for name in platforms.PLATFORMS}
        name = platforms.platform(domain)
        if not name:
            continue
        if attr.get("unavailable"):
            provides[name], found = platforms.UNAVAILABLE, True
        elif "introduced" in attr:
            provides[name], found = platforms.version(attr["introduced"]), True
    if "iOS" in provides and "visionOS" not in provides:
        provides["visionOS"] = platforms.vision_from_ios(provides["iOS"])
    return provides if found else None


def _walk(node, scopes, block_end):
    if isinstance(node, list):
        for index, item in enumerate(node):
            _walk(item, scopes, block_end)
            if isinstance(item, dict):
                _statement_in_block(item, node[index - 1] if index else None, scopes, block_end)
        return
    if not isinstance(node, dict):
        return
    kind = node.get("_kind")
    if kind == "brace_stmt" and "range" in node:
        block_end = node["range"]["end"]
    if kind in ("if_stmt", "while_stmt"):
        conditions = node.get("conditions", [])
        for position, condition in enumerate(conditions):
            if condition.get("_kind") != "#available":
                continue
            positive, provides = _query(condition)
            body = node.get("then_stmt") or node.get("body")
            if positive and body:
                start = node["range"]["start"] if position == 0 else _extent(body)[0]
                scopes.append(Scope(start, _extent(body)[1], provides))
            elif not positive and node.get("else_stmt"):
                scopes.append(Scope(*_extent(node["else_stmt"]), provides))
    for value in node.values():
        if isinstance(value, (dict, list)):
            _walk(value, scopes, block_end)


def _statement_in_block(item, previous, scopes, block_end):
    """Scopes that depend on an item's place among its siblings: a `guard` covers the rest of its
    block; a property's attribute covers its pattern binding (the initial value), just before it."""
    if item.get("_kind") == "guard_stmt":
        for condition in item.get("conditions", []):
            if condition.get("_kind") != "#available":
                continue
            positive, provides = _query(condition)
            if positive and block_end is not None:
                scopes.append(Scope(item["range"]["end"], block_end, provides))
            elif not positive and item.get("body"):
                scopes.append(Scope(*_extent(item["body"]), provides))
    provides = _attributes(item.get("attrs", []))
    if provides:
        low, high = _extent(item)
        if item.get("_kind") == "var_decl" and previous and previous.get("_kind") == "pattern_binding_decl":
            before_low, before_high = _extent(previous)
            low, high = min(low, before_low), max(high, before_high)
        scopes.append(Scope(low, high, provides))


def scopes(path, swiftc="swiftc"):
    """Every Scope of the Swift file at `path`."""
    with open(path, encoding="utf-8") as source:
        text = source.read()
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, os.path.basename(path))
        with open(copy, "w", encoding="utf-8") as target:
            target.write(conditionals.blanked(text))
        parse = subprocess.run([swiftc, "-frontend", "-dump-parse", "-dump-ast-format", "json", copy],
                               capture_output=True, text=True)
    if parse.returncode != 0 or not parse.stdout.strip():
        raise RuntimeError(f"{path}: the compiler could not parse it with its #if lines blanked:\n{parse.stderr}")
    tree = json.loads(parse.stdout)
    found = []
    _walk(tree.get("items", []), found, len(text.encode("utf-8")))
    return found


def provided(found, offset):
    """{platform: version} the scopes around `offset` provide (the highest per platform)."""
    result = {}
    for scope in found:
        if scope.start <= offset <= scope.end:
            for name, value in scope.provides.items():
                result[name] = max(result.get(name, (0, 0, 0)), value)
    return result
