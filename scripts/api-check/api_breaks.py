"""Reads `swift package diagnose-api-breaking-changes` output and finds the breaks that the
CHANGELOG's [Unreleased] section does not announce.

The rule (also at the top of scripts/api-check.sh and in CONTRIBUTING.md, "Releases"): every
symbol the digester reports as broken must be named in the [Unreleased] section of CHANGELOG.md,
by its qualified name as the digester prints it, without the kind:

    💔 API breakage: func DispatchModule.registerServices(in:) is now throwing
        -> `DispatchModule.registerServices(in:)`
    💔 API breakage: enumelement DispatchFailure.invalidLink has been added as a new enum case
        -> `DispatchFailure.invalidLink`
    💔 API breakage: constructor AppSiteAssociation.init(manifest:appIDs:domains:) has been removed
        -> `AppSiteAssociation.init(manifest:appIDs:domains:)` or `AppSiteAssociation(manifest:appIDs:domains:)`

A name counts only as a whole name: `RouteManifest` is not named by `RouteManifestError`, nor
`DispatchCenter.url(for:)` by `DispatchCenter.url(for:as:)`. Naming the enclosing type alone
does not announce a member, because a type that stays may still break in many ways; a removed
type is one break, reported once, and naming it is enough.

Usage:
    python3 api_breaks.py DIGESTER_OUTPUT CHANGELOG [MODULE ...]
prints each unannounced break on its own line and exits 1 when there is one, 2 when the
digester output cannot be read (a failed build, a module whose count does not add up, one of the
MODULEs it was asked to compare missing from the report).
"""

from __future__ import annotations

import re
import sys
from dataclasses import dataclass

# "27 breaking changes detected in DispatchKit:" / "No breaking changes detected in DispatchKitUI"
_SUMMARY = re.compile(r"^(?:(\d+)|No) breaking changes? detected in (\S+?):?\s*$")
# "  💔 API breakage: func A.b(c:) is now throwing" (the emoji is absent in some toolchains)
_BREAKAGE = re.compile(r"^\s*(?:\S+\s+)?API breakage: (\S+) (\S+) (.*)$")
_IDENTIFIER_CHAR = re.compile(r"[A-Za-z0-9_]")


@dataclass(frozen=True)
class Breakage:
    module: str
    kind: str  # func, var, constructor, enumelement, protocol, struct, ...
    name: str  # the qualified name: DispatchModule.registerServices(in:)
    line: str  # the digester's line, without the marker

    def __str__(self) -> str:
        return f"{self.module}: {self.line}"


class DigesterOutputError(Exception):
    """The output is not a complete report: the digester failed or its format changed."""


def parse_breakages(output: str) -> tuple[list[Breakage], list[str]]:
    """The breakages the digester reported, and the modules it compared.

    Each module's count ("27 breaking changes detected in DispatchKit:") must match the lines
    listed under it; otherwise the report is incomplete and DigesterOutputError is raised.
    """
    breakages: list[Breakage] = []
    modules: list[str] = []
    expected: dict[str, int] = {}
    current: str | None = None
    for raw in output.splitlines():
        summary = _SUMMARY.match(raw.strip())
        if summary:
            count, current = summary.group(1), summary.group(2)
            modules.append(current)
            expected[current] = int(count) if count else 0
            continue
        breakage = _BREAKAGE.match(raw)
        if breakage:
            if current is None:
                raise DigesterOutputError(f"a breakage before any module's summary: {raw.strip()}")
            kind, name, _ = breakage.groups()
            line = raw.strip()
            line = line[line.index("API breakage:") :]
            breakages.append(Breakage(current, kind, name, line))
    if not modules:
        raise DigesterOutputError("no module was compared (did the digester run?)")
    for module, count in expected.items():
        found = sum(1 for b in breakages if b.module == module)
        if found != count:
            raise DigesterOutputError(f"{module}: the digester counted {count} breakages, {found} listed")
    return breakages, modules


def unreleased_section(changelog: str) -> str:
    """The text between `## [Unreleased]` and the next `## ` heading; empty if there is none."""
    match = re.search(r"^## \[Unreleased\][^\n]*\n(.*?)(?=^## |\Z)", changelog, re.M | re.S)
    return match.group(1) if match else ""


def spellings(breakage: Breakage) -> list[str]:
    """The ways a changelog may name the broken symbol."""
    names = [breakage.name]
    if ".init(" in breakage.name:
        names.append(breakage.name.replace(".init(", "(", 1))
    return names


def names(text: str, name: str) -> bool:
    """Whether `text` names `name` as a whole: not inside a longer identifier or qualified name."""
    start = 0
    while (index := text.find(name, start)) >= 0:
        before = text[index - 1] if index > 0 else ""
        end = index + len(name)
        after = text[end] if end < len(text) else ""
        # A name ending in ")" is closed; otherwise the next character must not continue it
        # (an enum case may be written with its payload: `DispatchFailure.invalidLink(…)`).
        closed = name.endswith(")") or not (_IDENTIFIER_CHAR.match(after) or after == ".")
        if not (_IDENTIFIER_CHAR.match(before) or before == ".") and closed:
            return True
        start = index + 1
    return False


def unannounced(breakages: list[Breakage], changelog: str) -> list[Breakage]:
    """The breakages whose symbol the [Unreleased] section does not name."""
    section = unreleased_section(changelog)
    return [b for b in breakages if not any(names(section, s) for s in spellings(b))]


def main(argv: list[str]) -> int:
    if len(argv) < 3:
        print(__doc__.split("Usage:")[1].strip(), file=sys.stderr)
        return 2
    with open(argv[1], encoding="utf-8") as file:
        output = file.read()
    with open(argv[2], encoding="utf-8") as file:
        changelog = file.read()
    try:
        breakages, modules = parse_breakages(output)
        absent = [module for module in argv[3:] if module not in modules]
        if absent:
            raise DigesterOutputError(f"no report for {', '.join(absent)}")
    except DigesterOutputError as error:
        print(f"api-check: cannot read the digester's report: {error}", file=sys.stderr)
        return 2
    missing = unannounced(breakages, changelog)
    for breakage in missing:
        print(f"unannounced: {breakage}")
    announced = len(breakages) - len(missing)
    print(
        f"api-check: {', '.join(modules)}: {len(breakages)} breaking changes, {announced} announced "
        f"in [Unreleased], {len(missing)} not",
        file=sys.stderr,
    )
    return 1 if missing else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
