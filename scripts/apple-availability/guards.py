"""The parts of a Swift file that run only on newer systems, from the compiler's parse of it.

`swiftc -frontend -dump-parse` prints every statement and declaration with its source range (the
text form: the JSON form is not always well-formed in Swift 6.3). A scope provides a platform
version where its code cannot run below it:

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

import os
import re
import subprocess
import tempfile

import conditionals
import platforms


class Scope:
    """Lines and columns from `start` to `end` (both (line, column), 1-based) where the code runs
    only on the systems `provides` names: {platform: version}."""

    def __init__(self, start, end, provides):
        self.start, self.end, self.provides = start, end, provides


class _Node:
    """One node of the parse: `(kind attribute attribute ... (child) (child))`."""

    __slots__ = ("label", "kind", "attributes", "children", "range")

    def __init__(self, token):
        # A child can carry its role: `(conditions=array`, `(original_init=closure_expr`.
        self.label, _, self.kind = token.rpartition("=")
        self.attributes, self.children, self.range = [], [], None

    def attribute(self, name):
        for item in self.attributes:
            if item.startswith(name + "="):
                return item[len(name) + 1:].strip('"')
        return None


_RANGE = re.compile(r"^range=\[.*:(\d+):(\d+) - line:(\d+):(\d+)\]$")


def _tokens(text):
    """`(`, `)` and the atoms between them; a quoted string or a bracketed range is one atom."""
    index, length = 0, len(text)
    while index < length:
        character = text[index]
        if character.isspace():
            index += 1
        elif character in "()":
            yield character
            index += 1
        else:
            start, quoted, bracketed = index, False, 0
            while index < length:
                character = text[index]
                if quoted:
                    if character == "\\":
                        index += 1
                    elif character == '"':
                        quoted = False
                elif character == '"':
                    quoted = True
                elif character == "[":
                    bracketed += 1
                elif character == "]":
                    bracketed -= 1
                elif not bracketed and (character.isspace() or character in "()"):
                    break
                index += 1
            yield text[start:index]


def _parse(text):
    """The root nodes of a `-dump-parse` text.

    Swift 6.3 prints no `)` after a `type_attributed` node (`@Sendable () -> Void`): when the dump
    lacks exactly one `)` per such node, each closes with its one child."""
    tokens = list(_tokens(text))
    attributed = sum(1 for index, token in enumerate(tokens[1:]) if tokens[index] == "(" and
                     token.rpartition("=")[2] == "type_attributed")
    missing = tokens.count("(") - tokens.count(")")
    if missing not in (0, attributed):
        raise ValueError("unbalanced parse dump")
    repair = missing > 0
    roots, stack = [], []
    expecting_kind = False
    for token in tokens:
        if token == "(":
            expecting_kind = True
        elif token == ")":
            node = stack.pop()
            (stack[-1].children if stack else roots).append(node)
            while repair and stack and stack[-1].kind == "type_attributed" and stack[-1].children:
                node = stack.pop()
                (stack[-1].children if stack else roots).append(node)
        elif expecting_kind:
            stack.append(_Node(token))
            expecting_kind = False
        elif stack:
            stack[-1].attributes.append(token)
            match = _RANGE.match(token)
            if match and stack[-1].range is None:
                numbers = [int(value) for value in match.groups()]
                stack[-1].range = ((numbers[0], numbers[1]), (numbers[2], numbers[3]))
    if stack:
        raise ValueError("unbalanced parse dump")
    return roots


def _extent(node, low=None, high=None):
    """The first start and last end of every range in `node`'s subtree."""
    if node.range:
        low = node.range[0] if low is None else min(low, node.range[0])
        high = node.range[1] if high is None else max(high, node.range[1])
    for child in node.children:
        low, high = _extent(child, low, high)
    return low, high


def _query(condition):
    """(positive, {platform: version}) for a `#available`/`#unavailable` condition."""
    provides, wildcard = {}, False
    for spec in condition.children:
        domain, value = spec.attribute("domain"), spec.attribute("version")
        if domain == "*":
            wildcard = True
            continue
        name = platforms.platform(domain or "")
        if name and value:
            provides[name] = platforms.version(value)
    return wildcard, provides


def _attributes(node):
    """{platform: version} that a declaration's `@available` attributes give its body, or None."""
    provides, found = {}, False
    for attr in node.children:
        if attr.kind != "available_attr":
            continue
        domain, unavailable = attr.attribute("domainIdentifier") or "", "unavailable" in attr.attributes
        if domain == "*" and unavailable:
            return {name: platforms.UNAVAILABLE for name in platforms.PLATFORMS}
        name = platforms.platform(domain)
        if not name:
            continue
        if unavailable:
            provides[name], found = platforms.UNAVAILABLE, True
        elif attr.attribute("introduced"):
            provides[name], found = platforms.version(attr.attribute("introduced")), True
    if "iOS" in provides and "visionOS" not in provides:
        provides["visionOS"] = platforms.vision_from_ios(provides["iOS"])
    return provides if found else None


def _availability_conditions(node):
    for child in node.children:
        if child.label == "conditions":
            for position, condition in enumerate(child.children):
                if condition.kind == "#available":
                    yield position, condition


def _walk(node, scopes, block_end):
    if node.kind == "brace_stmt" and node.range:
        block_end = node.range[1]
    if node.kind in ("if_stmt", "while_stmt", "guard_stmt"):
        bodies = [child for child in node.children if child.kind in ("brace_stmt", "if_stmt")]
        for position, condition in _availability_conditions(node):
            positive, provides = _query(condition)
            if node.kind == "guard_stmt":
                if positive and block_end is not None:
                    scopes.append(Scope(node.range[1], block_end, provides))
                elif not positive and bodies:
                    scopes.append(Scope(*_extent(bodies[0]), provides))
            elif positive and bodies:
                start = node.range[0] if position == 0 else _extent(bodies[0])[0]
                scopes.append(Scope(start, _extent(bodies[0])[1], provides))
            elif not positive and node.kind == "if_stmt" and len(bodies) > 1:
                scopes.append(Scope(*_extent(bodies[1]), provides))
    previous = None
    for child in node.children:
        provides = _attributes(child)
        if provides:
            low, high = _extent(child)
            if child.kind == "var_decl" and previous is not None and previous.kind == "pattern_binding_decl":
                before_low, before_high = _extent(previous)
                low, high = min(low, before_low), max(high, before_high)
            scopes.append(Scope(low, high, provides))
        _walk(child, scopes, block_end)
        previous = child


def scopes(path, swiftc="swiftc"):
    """Every Scope of the Swift file at `path`."""
    with open(path, encoding="utf-8") as source:
        text = source.read()
    with tempfile.TemporaryDirectory() as folder:
        copy = os.path.join(folder, os.path.basename(path))
        with open(copy, "w", encoding="utf-8") as target:
            target.write(conditionals.blanked(text))
        parse = subprocess.run([swiftc, "-frontend", "-dump-parse", copy], capture_output=True, text=True)
    try:
        roots = _parse(parse.stdout) if parse.returncode == 0 else None
    except (ValueError, IndexError):
        roots = None
    if not roots:
        raise RuntimeError(f"{path}: the compiler could not parse it with its #if lines blanked:\n{parse.stderr}")
    found = []
    for root in roots:
        _walk(root, found, None)
    return found


def provided(found, position):
    """{platform: version} the scopes around `position` ((line, column)) provide (the highest per
    platform)."""
    result = {}
    for scope in found:
        if scope.start <= position <= scope.end:
            for name, value in scope.provides.items():
                result[name] = max(result.get(name, (0, 0, 0)), value)
    return result
