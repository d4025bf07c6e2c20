"""Every reference of a package's library sources, judged against the floor its manifest declares.

A reference fails when the declaration it resolves to needs a newer system than the floor on
some Apple platform (the toolchain's availability, or the Foundation list's for a listed
Foundation API) and no scope around it (guards.py) provides that system. A Foundation
declaration the toolchain marks newer than macOS 10.15 / iOS 13 fails anywhere when the
Foundation list does not name it. References in code that never builds for Apple platforms
(`#if os(Linux)`, `#if canImport(FoundationNetworking)`) are skipped, and so are the references
the compiler adds itself: the getter behind a property (the index records the property where it
is written, too), `next(isolation:)` behind a `for await` (which an Apple build below macOS 15
replaces with `next()`).
"""

import os
import re

import conditionals
import foundation
import guards
import indexstore
import platforms

_ACCESSOR = re.compile(r"^(s:.*[vi])(g|s|M|r|W|w|i|lu|au|x|y|Y|b|m)(Z?)$")
_CLANG_IMPORTED = ("s:SC", "s:So", "c:")


class Finding:
    def __init__(self, reference, name, kind, needs):
        self.reference, self.name, self.kind, self.needs = reference, name, kind, needs

    def describe(self, floor, root):
        place = f"{os.path.relpath(self.reference.file, root)}:{self.reference.line}:{self.reference.column}"
        if self.kind == "unlisted":
            return (f"{place}: `{self.name}` is a Foundation API Apple introduced after macOS 10.15 / iOS 13 "
                    f"(the toolchain says {platforms.described(self.needs)}), and "
                    "scripts/apple-availability/foundation.txt does not list it: add it, with the versions "
                    "Apple's documentation gives")
        query = ", ".join(f"{name} {platforms.short(self.needs[name])}" for name in platforms.PLATFORMS
                          if name in self.needs)
        return (f"{place}: `{self.name}` needs {platforms.described(self.needs)}, above the floor "
                f"({platforms.described({name: floor[name] for name in self.needs})}), and no "
                f"`if #available`, `guard #available` or `@available` around it provides that: wrap it in "
                f"`if #available({query}, *)` with a fallback, or raise the floor in Package.swift")


class Report:
    def __init__(self):
        self.findings = []
        self.guarded = []  # (reference, name, needs)
        self.floor_setters = set()
        self.references = 0
        self.files = 0
        self.linux_only = 0
        self.implicit = 0
        self.undescribed = set()
        self.listed_used = set()


def _canonical(usr, table):
    """A property's or subscript's USR for one of its accessors' (the index names the getter; the
    symbol graph, the property)."""
    if table.get(usr) is not None:
        return usr
    match = _ACCESSOR.match(usr)
    if match:
        property_usr = match.group(1) + "p" + match.group(3)
        if table.get(property_usr) is not None:
            return property_usr
    return usr


def _library_units(store, package, folders, built):
    """{source file: (record, unit written)} for the library folders' files, the newest unit
    per file. Unless the package was `built` just now, raises on a unit older than its file (the
    index is stale)."""
    roots = [os.path.realpath(os.path.join(package, folder)) + os.sep for folder in folders]
    chosen = {}
    for main, record, written in store.units():
        path = os.path.realpath(main)
        if not any(path.startswith(root) for root in roots) or not os.path.exists(path):
            continue
        if path not in chosen or written > chosen[path][1]:
            chosen[path] = (record, written)
    stale = [] if built else sorted(path for path, (_, written) in chosen.items()
                                    if os.stat(path).st_mtime > written)
    if stale:
        raise RuntimeError("the index store is older than " + ", ".join(os.path.relpath(path, package)
                                                                        for path in stale[:5])
                           + ": build first (or drop --skip-build)")
    return chosen


def _own_prefixes(modules):
    """The USR prefixes of the package's own declarations: `s:14CourierTargets...`, and of its
    extensions of other modules' types, which name the module too (`s:Sy14CourierTargetsE...`)."""
    return tuple(f"{len(module)}{module}" for module in modules)


def analyse(package, manifest, store_path, built, toolchain, table, listed, swiftc="swiftc"):
    floor = manifest.floor
    report = Report()
    store = indexstore.IndexStore(toolchain.index_store_library, store_path)
    units = _library_units(store, package, manifest.folders, built)
    report.files = len(units)
    definitions, references = set(), []
    for path, (record, _) in sorted(units.items()):
        seen = set()
        for reference in store.references(path, record, definitions):
            if reference.implicit:
                report.implicit += 1
                continue
            reference.usr = _canonical(reference.usr, table)
            key = (reference.line, reference.column, reference.usr)
            if key not in seen:
                seen.add(key)
                references.append(reference)
    report.references = len(references)

    own = _own_prefixes(manifest.modules)
    clauses_by_file, candidates = {}, {}
    for reference in references:
        if reference.file not in clauses_by_file:
            with open(reference.file, encoding="utf-8") as source:
                clauses_by_file[reference.file] = conditionals.clauses(source.read())
        clause = conditionals.innermost(clauses_by_file[reference.file], reference.line)
        if clause and clause.never_on_apple:
            report.linux_only += 1
            continue
        entry = table.get(reference.usr)
        if entry is None:
            usr = reference.usr
            if not usr.startswith(_CLANG_IMPORTED) and usr not in definitions and not any(p in usr for p in own):
                report.undescribed.add(reference.name)
            continue
        module, name, requirement = entry
        listed_requirement = listed.requirement(reference.usr)
        if listed_requirement:
            requirement = listed_requirement
            report.listed_used.add(reference.usr)
        elif foundation.is_new(module, requirement):
            report.findings.append(Finding(reference, name, "unlisted", requirement))
            continue
        needs = {platform: value for platform, value in requirement.items() if value > floor[platform]}
        if needs:
            candidates.setdefault(reference.file, []).append((reference, name, needs))
        elif any(requirement.get(platform) == floor[platform] for platform in platforms.PLATFORMS):
            report.floor_setters.add(name)

    for path, uses in sorted(candidates.items()):
        scopes = guards.scopes(path, swiftc)
        for reference, name, needs in uses:
            around = guards.provided(scopes, (reference.line, reference.column))
            failing = {platform: value for platform, value in needs.items()
                       if max(floor[platform], around.get(platform, (0, 0, 0))) < value}
            if failing:
                report.findings.append(Finding(reference, name, "above", failing))
            else:
                report.guarded.append((reference, name, needs))
    report.findings.sort(key=lambda finding: (finding.reference.file, finding.reference.line,
                                              finding.reference.column))
    return report
