"""The five Apple platforms, their versions, and the floor a package declares for each.

A version is a tuple of three ints, (15, 0, 0); UNAVAILABLE is above every version: a declaration
unavailable on a platform needs it, and a scope that never runs there (`@available(macOS,
unavailable)`) provides it.
"""

import json
import subprocess

PLATFORMS = ("macOS", "iOS", "tvOS", "watchOS", "visionOS")
UNAVAILABLE = (10**6, 0, 0)
# Apple introduced nothing of Foundation this list has to name before these: the releases of 2019.
FOUNDATION_BASELINE = {
    "macOS": (10, 15, 0),
    "iOS": (13, 0, 0),
    "tvOS": (13, 0, 0),
    "watchOS": (6, 0, 0),
    "visionOS": (1, 0, 0),
}
# SwiftPM's own minimums (tools version 6.x), for a platform Package.swift does not name.
SWIFTPM_DEFAULT_FLOOR = {
    "macOS": (10, 13, 0),
    "iOS": (12, 0, 0),
    "tvOS": (12, 0, 0),
    "watchOS": (4, 0, 0),
    "visionOS": (1, 0, 0),
}
_MANIFEST_NAMES = {"macos": "macOS", "ios": "iOS", "tvos": "tvOS", "watchos": "watchOS", "visionos": "visionOS"}
_DOMAINS = {name.lower(): name for name in PLATFORMS} | {"osx": "macOS", "xros": "visionOS"}


def version(text):
    """(13, 0, 0) for "13", "13.0" or "13.0.0"; (10, 15, 4) for "10.15.4"."""
    parts = [int(part) for part in str(text).split(".")[:3]]
    return tuple(parts + [0] * (3 - len(parts)))


def symbol_graph_version(value):
    """A symbol graph's {"major": 13, "minor": 0} as a version."""
    return (value.get("major", 0), value.get("minor", 0), value.get("patch", 0))


def spelled(value):
    """13.0, 10.15.4; "unavailable" for UNAVAILABLE."""
    if value == UNAVAILABLE:
        return "unavailable"
    major, minor, patch = value
    return f"{major}.{minor}" + (f".{patch}" if patch else "")


def short(value):
    """15 for (15, 0, 0), 10.15 for (10, 15, 0): as `#available` and prose write it."""
    return spelled(value).removesuffix(".0") if value[1:] == (0, 0) else spelled(value)


def platform(domain):
    """The platform an availability domain names (macOS for "OSX"), or None: app-extension
    domains, macCatalyst (SwiftPM derives it from iOS), Linux, Windows, `*` and `swift`."""
    return _DOMAINS.get(str(domain).lower())


def vision_from_ios(ios):
    """The visionOS release that shipped what `ios` did, for declarations whose availability names
    iOS only: visionOS 1 shipped iOS 17's SDK, visionOS 2 iOS 18's, and from 26 the numbers agree."""
    if ios == UNAVAILABLE or ios[0] >= 26:
        return ios
    if ios[0] == 18:
        return (2,) + ios[1:]
    if ios[0] == 17:
        return (1,) + ios[1:]
    return (1, 0, 0)


class Manifest:
    """What the check reads of a package's manifest (`swift package dump-package`): the floor per
    platform ({"macOS": (15, 0, 0), ...}), the library targets' source folders ("Sources/Targets",
    ...; a library target is a `.target`, not an executable, test, plugin or macro target), every
    target's module name ("courier_bench"), and the Swift the tools version requires ("6.2")."""

    def __init__(self, package_path, scratch_path=None):
        command = ["swift", "package", "--package-path", str(package_path)]
        if scratch_path:
            command += ["--scratch-path", str(scratch_path)]
        manifest = json.loads(subprocess.run(command + ["dump-package"], check=True, capture_output=True,
                                             text=True).stdout)
        declared = {}
        for entry in manifest.get("platforms", []):
            name = _MANIFEST_NAMES.get(entry["platformName"])
            if name:
                declared[name] = version(entry["version"])
        self.floor = {name: declared.get(name, SWIFTPM_DEFAULT_FLOOR[name]) for name in PLATFORMS}
        self.folders = [target.get("path") or f"Sources/{target['name']}" for target in manifest["targets"]
                        if target["type"] == "regular"]
        self.modules = {target["name"].replace("-", "_") for target in manifest["targets"]}
        major, minor, _ = version(manifest["toolsVersion"]["_version"])
        self.swift = f"{major}.{minor}"

    @property
    def floor_phrase(self):
        """ "macOS 15, iOS 18, tvOS 18, watchOS 11, visionOS 2" """
        return ", ".join(f"{name} {short(self.floor[name])}" for name in PLATFORMS)


def described(requirement):
    """ "macOS 26, iOS 26" for {"macOS": (26, 0, 0), "iOS": (26, 0, 0)}, in PLATFORMS order."""
    return ", ".join(f"{name} {short(requirement[name])}" for name in PLATFORMS if name in requirement)
