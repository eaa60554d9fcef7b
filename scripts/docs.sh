#!/usr/bin/env bash
# Builds the DocC documentation of DispatchKit and fails on any warning.
#
#   scripts/docs.sh            (the archive lands in .build-docs/DispatchKit.doccarchive)
#
# No swift-docc-plugin: the toolchain's `docc` converts the catalog
# (Sources/DispatchKit/DispatchKit.docc) with the library's symbol graph. Warnings are errors, and
# they come from two places: the catalog's articles, and the `///` comments in the Swift sources
# (a ``link`` to a symbol that was renamed, a parameter the comment does not document). docc
# prints the file and line of each.
set -euo pipefail
cd "$(dirname "$0")/.."

# Its own scratch path: the symbol-graph flags would otherwise rebuild .build from scratch, and
# the next plain build would rebuild it again (and a flag change alone may not rebuild at all).
scratch=.build-docs
graphs="$scratch/symbol-graphs"
output="$scratch/DispatchKit.doccarchive"
catalog=Sources/DispatchKit/DispatchKit.docc

# The `docc` next to `swift` (the first on PATH may be missing or belong to another toolchain).
docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
[ -x "$docc" ] || { echo "docs: no docc next to $(command -v swift)" >&2; exit 1; }

# -emit-extension-block-symbols: without it the graph has no extension blocks, and docc leaves
# out what the library adds to other modules' types (`parameters.int("id")` on Dictionary).
flags=(-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
    -Xswiftc -emit-extension-block-symbols)
build_graphs() {
    swift build --target DispatchKit --scratch-path "$scratch" "${flags[@]}"
}

# A change of flags alone may not rebuild anything: start afresh when they differ from last time.
stamp="$scratch/docs-flags"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" != "${flags[*]}" ]; then
    echo "== the symbol-graph flags changed: rebuilding $scratch from scratch"
    rm -rf "$scratch"
fi

echo "== symbol graph of DispatchKit (in $graphs)"
mkdir -p "$graphs"
printf '%s' "${flags[*]}" >"$stamp"
build_graphs
# An up-to-date build compiles nothing and so writes no graph: if the graph is missing or older
# than a source (a stale graph would document yesterday's API), build again from scratch.
graph="$graphs/DispatchKit.symbols.json"
if [ ! -f "$graph" ] || [ -n "$(find Sources/DispatchKit -name '*.swift' -newer "$graph" -print -quit)" ]; then
    echo "== the symbol graph is missing or stale: rebuilding $scratch from scratch"
    rm -rf "$scratch"
    mkdir -p "$graphs"
    build_graphs
fi

echo "== docc convert $catalog (warnings are errors)"
rm -rf "$output"
"$docc" convert "$catalog" --additional-symbol-graph-dir "$graphs" \
    --warnings-as-errors --output-path "$output"
echo "== documentation built: $output"
