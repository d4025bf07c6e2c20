"""docs/PLATFORMS.md lists every `#if` clause of Sources/ that compiles only on Apple platforms,
and it, README.md and Package.swift's comment state the floor and the compiler Package.swift sets.

Its tables with a "File" and a "Branches" column hold one row per file; the Branches cell names
each Apple-only clause of the file by its directive, in backticks (`#else`, `#elseif
canImport(Darwin)`). A clause inside another Apple-only clause is part of it. The check fails on
a clause missing from the table, and on a row naming a clause the file does not have.
"""

import collections
import pathlib
import re

import conditionals

_CODE = re.compile(r"`(#[^`]+)`")
_FILE = re.compile(r"`([^`]+)`")


def _cells(line):
    """The cells of a table row; `\\|` is a `|` inside a cell."""
    return [cell.strip().replace("\\|", "|") for cell in re.split(r"(?<!\\)\|", line.strip().strip("|"))]


def listed(text):
    """{file: Counter of directives} from the tables of `text`."""
    rows = collections.defaultdict(collections.Counter)
    columns = None
    for line in text.split("\n"):
        if not line.strip().startswith("|"):
            columns = None
            continue
        cells = _cells(line)
        if columns is None:
            names = [cell.lower() for cell in cells]
            columns = (names.index("file"), names.index("branches")) if "file" in names and "branches" in names else ()
            continue
        if not columns or set(line.strip()) <= set("|-: "):
            continue
        file_cell, branches_cell = cells[columns[0]], cells[columns[1]]
        name = _FILE.search(file_cell)
        if not name:
            continue
        rows[name.group(1)].update(" ".join(directive.split()) for directive in _CODE.findall(branches_cell))
    return rows


def found(root):
    """{file: Counter of directives} of the Apple-only clauses under root/Sources."""
    result = collections.defaultdict(collections.Counter)
    for path in sorted((root / "Sources").rglob("*.swift")):
        for clause in conditionals.apple_only_branches(conditionals.clauses(path.read_text())):
            result[str(path.relative_to(root))][" ".join(clause.directive.split())] += 1
    return result


def check(root, say):
    """Compares docs/PLATFORMS.md with the sources; returns the number of failures."""
    root = pathlib.Path(root)
    document = root / "docs" / "PLATFORMS.md"
    if not document.exists():
        say("FAILED: docs/PLATFORMS.md is missing: it lists the code that builds only on Apple platforms")
        return 1
    table, sources = listed(document.read_text()), found(root)
    failures = 0
    for name in sorted(set(table) | set(sources)):
        missing, extra = sources[name] - table[name], table[name] - sources[name]
        for directive, count in missing.items():
            failures += 1
            say(f"FAILED: {name}: {count} Apple-only clause(s) `{directive}` not in docs/PLATFORMS.md's table")
        for directive, count in extra.items():
            failures += 1
            say(f"FAILED: docs/PLATFORMS.md lists {count} `{directive}` in {name}, which the file does not have "
                "as an Apple-only clause")
    if not failures:
        say(f"docs/PLATFORMS.md lists all {sum(sum(c.values()) for c in sources.values())} Apple-only clauses "
            f"of Sources/, in {len(sources)} files")
    return failures


_FLOOR_CLAIM = re.compile(r"(?:Apple platforms:|Platforms\*\*: Linux;|Apple floor is)\s+(macOS .*?visionOS [0-9.]*[0-9])")
_COMPILER_CLAIM = re.compile(r"Swift ([0-9.]+) or later")


def check_statements(root, manifest, say):
    """README.md, docs/PLATFORMS.md and Package.swift's comments state the floor and the compiler
    the manifest sets: each statement of the floor ("Apple platforms: macOS 15, iOS 18, tvOS 18,
    watchOS 11, visionOS 2", "The Apple floor is ...") and of the compiler ("Swift 6.2 or later")
    says what Package.swift does, and each file has both. Returns the number of failures."""
    failures = 0
    for name in ("README.md", "docs/PLATFORMS.md", "Package.swift"):
        path = pathlib.Path(root) / name
        text = " ".join(path.read_text().replace("//", " ").split()) if path.exists() else ""
        for pattern, expected, spelled in ((_FLOOR_CLAIM, manifest.floor_phrase, manifest.floor_phrase),
                                           (_COMPILER_CLAIM, manifest.swift, f"Swift {manifest.swift} or later")):
            claims = [match.group(1) for match in pattern.finditer(text)]
            if not claims:
                failures += 1
                say(f"FAILED: {name} does not say \"{spelled}\", as Package.swift sets it")
            for claim in claims:
                if claim != expected:
                    failures += 1
                    say(f"FAILED: {name} says \"{claim}\" where Package.swift sets \"{spelled}\"")
    return failures
