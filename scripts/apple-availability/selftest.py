"""The check's own test: the fixture package's findings must be exactly the lines its sources mark.

A mark is a comment at the end of the line the index reports a use on:
`// expect: macOS iOS tvOS watchOS visionOS` (the platforms the use fails on) or
`// expect: unlisted` (a new Foundation API foundation.txt lacks). Every other line of the
fixture (the same uses behind guards, older APIs, names shared with newer declarations, code
built on Linux only, the executable target) must pass.
"""

import os
import pathlib
import re

_MARK = re.compile(r"//\s*expect:\s*(.+)$")
FIXTURE = pathlib.Path(__file__).resolve().parent / "fixture"


def _expected():
    marks = {}
    for path in sorted((FIXTURE / "Sources").rglob("*.swift")):
        for number, line in enumerate(path.read_text().split("\n"), start=1):
            match = _MARK.search(line)
            if match:
                marks[(str(path.relative_to(FIXTURE)), number)] = set(match.group(1).split())
    return marks


def run(check, scratch, say):
    """Checks the fixture with `check(package, scratch)`; returns the number of failures."""
    report = check(FIXTURE, scratch)
    found = {}
    for finding in report.findings:
        key = (os.path.relpath(finding.reference.file, FIXTURE), finding.reference.line)
        found.setdefault(key, set()).update({"unlisted"} if finding.kind == "unlisted" else finding.needs)
    expected = _expected()
    failures = 0
    for key in sorted(set(found) | set(expected)):
        if found.get(key) != expected.get(key):
            failures += 1
            say(f"FAILED: self-test: {key[0]}:{key[1]}: expected {sorted(expected.get(key, [])) or 'nothing'}, "
                f"found {sorted(found.get(key, [])) or 'nothing'}")
    if not failures:
        say(f"self-test passed: the fixture's {len(expected)} marked uses fail, its {len(report.guarded)} guarded "
            "uses and older APIs pass")
    return failures
