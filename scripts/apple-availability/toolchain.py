"""What the toolchain itself says of its declarations' Apple availability.

`swift-symbolgraph-extract` reads every module the toolchain ships for this platform (Swift,
_Concurrency, Synchronization, Dispatch, Foundation's modules, ...) and writes, per public
declaration, its precise identifier (the USR the index store names it by) and its availability
per platform domain, inherited from the enclosing extension or type when the declaration has
none of its own: the `@available(macOS 26.0, iOS 26.0, ...)` of `_Concurrency`'s interface.

The table keeps every public declaration (one with no Apple availability is available on every
Apple system); it is cached under .build/apple-availability, per toolchain.
"""

import concurrent.futures
import hashlib
import json
import os
import pathlib
import shutil
import subprocess
import tempfile

import platforms


_TABLE_FORMAT = 2  # raise it when the table's content changes
_TEST_MODULES = {"Testing", "XCTest", "_Testing_Foundation", "_TestDiscovery", "_TestingInterop"}


def is_foundation(module):
    """Foundation, FoundationEssentials, FoundationNetworking, ..., _FoundationCollections."""
    return module.lstrip("_").startswith("Foundation")


class Toolchain:
    """The `swift` on PATH: its compiler, its tools, its modules for the host platform."""

    def __init__(self):
        info = json.loads(_run(["swiftc", "-print-target-info"]))
        self.triple = info["target"]["triple"]
        self.resources = pathlib.Path(info["paths"]["runtimeResourcePath"])
        self.modules_folder = self.resources / info["target"]["platform"]
        self.bin = pathlib.Path(shutil.which("swiftc")).resolve().parent
        self.index_store_library = next(
            (path for path in (self.resources.parent / name for name in ("libIndexStore.so", "libIndexStore.dylib"))
             if path.exists()), None)
        self.version = info["compilerVersion"]

    def module_names(self):
        """Every module of the toolchain but the test frameworks', which a library does not import."""
        names = (path.name[: -len(".swiftmodule")] for path in self.modules_folder.glob("*.swiftmodule"))
        return sorted(name for name in names if name not in _TEST_MODULES)

    def fingerprint(self):
        """Changes when the toolchain or any of its modules does."""
        digest = hashlib.sha256(f"{_TABLE_FORMAT} {self.version} {self.triple}".encode())
        for path in sorted(self.modules_folder.glob("*.swiftmodule")):
            digest.update(f"{path.name}:{path.stat().st_mtime_ns}".encode())
        return digest.hexdigest()[:16]


class AvailabilityTable:
    """USR -> (declaring module, name, {platform: version or UNAVAILABLE}) for the toolchain's
    declarations; `None` for a USR the toolchain does not declare (Courier's own, C's)."""

    def __init__(self, entries):
        self.entries = entries

    def get(self, usr):
        entry = self.entries.get(usr)
        if entry is None:
            return None
        module, name, raw = entry
        return module, name, {platform: tuple(value) for platform, value in raw.items()}

    def foundation_usrs(self, name):
        """The USRs of Foundation's declarations called `name` ("URL.path(percentEncoded:)"):
        every overload."""
        if not hasattr(self, "_names"):
            self._names = {}
            for usr, (module, title, _) in self.entries.items():
                if is_foundation(module):
                    self._names.setdefault(title, []).append(usr)
        return self._names.get(name, [])

    @classmethod
    def load(cls, toolchain, cache_folder):
        cache = pathlib.Path(cache_folder) / f"toolchain-{toolchain.fingerprint()}.json"
        if cache.exists():
            return cls(json.loads(cache.read_text()))
        entries = _extract(toolchain)
        cache.parent.mkdir(parents=True, exist_ok=True)
        partial = cache.with_suffix(".partial")
        partial.write_text(json.dumps(entries))
        os.replace(partial, cache)
        return cls(entries)


def _run(command):
    return subprocess.run(command, check=True, capture_output=True, text=True).stdout


def _apple_availability(availability):
    """{platform: version} from a symbol graph's availability list; visionOS, when only iOS is
    named, from iOS (as the compiler infers it for declarations)."""
    result = {}
    for item in availability or []:
        name = platforms.platform(item.get("domain", ""))
        if not name:
            continue
        if item.get("isUnconditionallyUnavailable"):
            result[name] = platforms.UNAVAILABLE
        elif "introduced" in item:
            result[name] = platforms.symbol_graph_version(item["introduced"])
    if "iOS" in result and "visionOS" not in result:
        result["visionOS"] = platforms.vision_from_ios(result["iOS"])
    return result


def _extract_module(toolchain, module, folder):
    output = pathlib.Path(folder) / module
    output.mkdir()
    subprocess.run(
        [str(toolchain.bin / "swift-symbolgraph-extract"), "-module-name", module, "-target", toolchain.triple,
         "-output-dir", str(output), "-module-cache-path", str(pathlib.Path(folder) / "module-cache"),
         "-minimum-access-level", "public"],
        capture_output=True, text=True)  # a module it cannot read (CxxStdlib) declares nothing Courier uses
    entries = {}
    for graph in output.glob("*.symbols.json"):
        # `Module@Extended.symbols.json` holds Module's extensions of Extended's types.
        declaring = graph.name.split(".symbols.json")[0].split("@")[0]
        for symbol in json.loads(graph.read_text())["symbols"]:
            name = ".".join(symbol["pathComponents"])
            entries[symbol["identifier"]["precise"]] = [declaring, name, _apple_availability(symbol.get("availability"))]
    return entries


def _extract(toolchain):
    entries = {}
    with tempfile.TemporaryDirectory() as folder:
        with concurrent.futures.ThreadPoolExecutor(max_workers=min(4, len(os.sched_getaffinity(0)))) as pool:
            jobs = [pool.submit(_extract_module, toolchain, module, folder) for module in toolchain.module_names()]
            for job in jobs:
                for usr, entry in job.result().items():
                    entries.setdefault(usr, entry)
    return entries
