"""Which clauses of a Swift file's `#if` blocks compile on Linux, and which on Apple platforms.

Each clause's condition is evaluated for seven systems: Linux with glibc, Linux with musl (the
static SDK), macOS, iOS, tvOS, watchOS and visionOS, to true, false or unknown (`DEBUG`,
`compiler(>=6.2)`, `arch(arm64)`, a module this file does not know: either way). A clause is
active where its enclosing clause is, its condition holds and no earlier clause's did.

  - Apple-only: active (or maybe) on some Apple platform, and on no Linux: code this machine
    never compiles, listed in docs/PLATFORMS.md.
  - Never on Apple platforms (`#if os(Linux)`, `#if canImport(FoundationNetworking)`): what the
    index records there is no Apple build's concern.
"""

import re

LINUX = ("Linux (glibc)", "Linux (musl)")
APPLE = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")

_APPLE_MODULES = {
    "Darwin", "Foundation", "Dispatch", "Synchronization", "Observation", "ObjectiveC", "os", "OSLog", "Security",
    "Network", "CryptoKit", "Combine", "SystemConfiguration", "CFNetwork", "UniformTypeIdentifiers", "SwiftUI",
}
_LINUX_MODULES = {
    "Foundation", "FoundationEssentials", "FoundationInternationalization", "FoundationNetworking", "FoundationXML",
    "Dispatch", "Synchronization", "Observation",
}
_MODULES = {
    "Linux (glibc)": _LINUX_MODULES | {"Glibc"},
    "Linux (musl)": _LINUX_MODULES | {"Musl"},
    "macOS": _APPLE_MODULES | {"AppKit"},
    "iOS": _APPLE_MODULES | {"UIKit"},
    "tvOS": _APPLE_MODULES | {"UIKit"},
    "watchOS": _APPLE_MODULES | {"UIKit", "WatchKit"},
    "visionOS": _APPLE_MODULES | {"UIKit"},
}
_KNOWN_MODULES = set().union(*_MODULES.values())
_OS = {"Linux (glibc)": "Linux", "Linux (musl)": "Linux", "macOS": "macOS", "iOS": "iOS", "tvOS": "tvOS",
       "watchOS": "watchOS", "visionOS": "visionOS"}
_DIRECTIVE = re.compile(r"^\s*#(if|elseif|else|endif)\b(.*)$")
_TOKEN = re.compile(r"\s*(&&|\|\||!|\(|\)|[A-Za-z_][A-Za-z0-9_]*|[^\s()!&|]+)")


def _and(*values):
    if False in values:
        return False
    return True if all(value is True for value in values) else None


def _or(*values):
    if True in values:
        return True
    return False if all(value is False for value in values) else None


def _not(value):
    return None if value is None else not value


def _atom(name, argument, system):
    apple = system in APPLE
    if name == "os":
        return _OS[system] == {"OSX": "macOS"}.get(argument, argument)
    if name == "canImport":
        module = argument.split(",")[0].strip()
        if module in _MODULES[system]:
            return True
        return False if module in _KNOWN_MODULES else None
    if name == "targetEnvironment":
        return None if apple else False
    if name == "_runtime":
        return apple if argument == "_ObjC" else None
    return None  # compiler, swift, arch, hasFeature, hasAttribute, _endian, _pointerBitWidth


def evaluate(condition, system):
    """True, False or None (unknown) for a `#if` condition on `system`."""
    tokens = [token for token in _TOKEN.findall(condition) if token]
    position = 0

    def peek():
        return tokens[position] if position < len(tokens) else None

    def take():
        nonlocal position
        position += 1
        return tokens[position - 1]

    def either():
        values = [both()]
        while peek() == "||":
            take()
            values.append(both())
        return _or(*values)

    def both():
        values = [unary()]
        while peek() == "&&":
            take()
            values.append(unary())
        return _and(*values)

    def unary():
        if peek() == "!":
            take()
            return _not(unary())
        return primary()

    def primary():
        token = take()
        if token == "(":
            value = either()
            take()  # ")"
            return value
        if token in ("true", "false"):
            return token == "true"
        if peek() != "(":
            return None  # a flag: DEBUG, SWIFT_PACKAGE
        take()
        depth, argument = 1, []
        while depth:
            part = take()
            depth += {"(": 1, ")": -1}.get(part, 0)
            if depth:
                argument.append(part)
        return _atom(token, " ".join(argument).replace(" ,", ","), system)

    return either()


class Clause:
    """One clause of a `#if` block: its directive (`#elseif canImport(Darwin)`), the lines it
    spans (directive included), and whether it is active on each system."""

    def __init__(self, directive, first_line, active, parent):
        self.directive, self.first_line, self.last_line = directive, first_line, None
        self.active, self.parent = active, parent

    @property
    def apple_only(self):
        return any(self.active[system] is not False for system in APPLE) and all(
            self.active[system] is False for system in LINUX)

    @property
    def never_on_apple(self):
        return all(self.active[system] is False for system in APPLE)


def clauses(text):
    """Every clause of `text`'s `#if` blocks, in order."""
    systems = LINUX + APPLE
    found, frames = [], []
    lines = text.split("\n")
    for number, line in enumerate(lines, start=1):
        match = _DIRECTIVE.match(line)
        if not match:
            continue
        keyword, rest = match.group(1), match.group(2).split("//")[0].strip()
        directive = f"#{keyword} {rest}".strip()
        if keyword == "if":
            parent = frames[-1]["clauses"][-1] if frames else None
            inherited = parent.active if parent else {system: True for system in systems}
            condition = {system: evaluate(rest, system) for system in systems}
            clause = Clause(directive, number, {s: _and(inherited[s], condition[s]) for s in systems}, parent)
            frames.append({"inherited": inherited, "earlier": [condition], "clauses": [clause]})
            found.append(clause)
            continue
        if not frames:
            continue  # a stray directive: the compiler reports it
        frame = frames[-1]
        frame["clauses"][-1].last_line = number - 1
        if keyword == "endif":
            frames.pop()
            continue
        condition = {system: evaluate(rest, system) if keyword == "elseif" else True for system in systems}
        active = {
            s: _and(frame["inherited"][s], _not(_or(*(earlier[s] for earlier in frame["earlier"]))), condition[s])
            for s in systems
        }
        frame["earlier"].append(condition)
        clause = Clause(directive, number, active, frame["clauses"][-1].parent)
        frame["clauses"].append(clause)
        found.append(clause)
    for clause in found:
        clause.last_line = clause.last_line or len(lines)
    return found


def innermost(found, line):
    """The innermost clause whose lines hold `line`, or None."""
    holding = [clause for clause in found if clause.first_line < line <= clause.last_line]
    return max(holding, key=lambda clause: clause.first_line) if holding else None


def apple_only_branches(found):
    """The outermost Apple-only clauses (an Apple-only clause inside another is part of it)."""
    result = []
    for clause in found:
        parent = clause.parent
        while parent and not parent.apple_only:
            parent = parent.parent
        if clause.apple_only and parent is None:
            result.append(clause)
    return result


def blanked(text):
    """`text` with every `#if`/`#elseif`/`#else`/`#endif` line made blank, its length kept: the
    parser then reads every clause's code at its own offsets."""
    return "\n".join(" " * len(line) if _DIRECTIVE.match(line) else line for line in text.split("\n"))
