"""The Foundation list: foundation.txt, the Foundation APIs the library uses that Apple introduced
after macOS 10.15 / iOS 13 / tvOS 13 / watchOS 6, with the versions Apple documents.

The toolchain's Foundation is swift-corelibs-foundation and swift-foundation: most of its
declarations carry no Apple availability, and those that do are not always Apple's. So Apple's
documentation is the source, and this list holds what it says. A line:

    URL.path(percentEncoded:) | macOS 13.0, iOS 16.0, tvOS 16.0, watchOS 9.0, visionOS 1.0 | https://...

The name is the declaration's path as the toolchain's symbol graphs spell it (every overload of
that name); the versions name all five platforms; the last field is the page they come from.
"""

import platforms
import toolchain


class FoundationList:
    def __init__(self, path, table):
        self.path = path
        self.errors = []
        self.entries = []  # (line number, name, requirement, usrs)
        self.by_usr = {}
        with open(path, encoding="utf-8") as text:
            for number, line in enumerate(text, start=1):
                line = line.strip()
                if not line or line.startswith("#"):
                    continue
                self._add(number, line, table)

    def _add(self, number, line, table):
        fields = [field.strip() for field in line.split(" | ")]
        if len(fields) != 3 or not fields[2].startswith("https://"):
            self.errors.append(f"{self.path}:{number}: not `NAME | VERSIONS | https://SOURCE`")
            return
        name, versions, _ = fields
        requirement = {}
        for item in versions.split(","):
            parts = item.split()
            if len(parts) == 2 and platforms.platform(parts[0]):
                requirement[platforms.platform(parts[0])] = platforms.version(parts[1])
        if set(requirement) != set(platforms.PLATFORMS):
            self.errors.append(f"{self.path}:{number}: {name}: the versions must name "
                               f"{', '.join(platforms.PLATFORMS)}, each once")
            return
        usrs = table.foundation_usrs(name)
        if not usrs:
            self.errors.append(f"{self.path}:{number}: {name} is no Foundation declaration of this toolchain "
                               "(spell it as its symbol graph does: Type.member(label:))")
            return
        self.entries.append((number, name, requirement, usrs))
        for usr in usrs:
            self.by_usr[usr] = requirement

    def requirement(self, usr):
        return self.by_usr.get(usr)


def is_new(module, requirement):
    """Whether the toolchain says a Foundation declaration came after the list's baseline: then the
    list must name it."""
    return toolchain.is_foundation(module) and any(
        value > platforms.FOUNDATION_BASELINE[name] for name, value in requirement.items())
