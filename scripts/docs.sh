#!/usr/bin/env bash
# Builds the DocC documentation of DispatchKit, of DispatchKitManifest (the route tools) and of
# DispatchKitRules (the redirect rules), of DispatchKitUI (the navigator), of DispatchKitSwiftUI (its
# SwiftUI adapters), of DispatchKitServices
# (the service registry), of DispatchKitEvents (the dispatch events) and of DispatchKitAsync (the
# awaiting dispatch) and fails on any warning.
#
#   scripts/docs.sh            (the archives land in .build-docs/MODULE.doccarchive)
#
# No swift-docc-plugin: the toolchain's `docc` converts each catalog (Sources/MODULE/MODULE.docc)
# with its module's symbol graph. Warnings are errors, and they come from two places: the catalogs'
# articles, and the `///` comments in the Swift sources (a ``link`` to a symbol that was renamed, a
# parameter the comment does not document). docc prints the file and line of each.
#
# Each catalog is converted on its own, so a ``link`` resolves only within its module: the
# DispatchKitManifest catalog names DispatchKit's symbols in code voice (`DispatchCenter.validate()`)
# and DispatchKit's catalog names the tools' article and symbols the same way, without a link. What
# a module adds to DispatchKit's types is its own: ``DispatchKit/DispatchCenter/navigator`` from
# DispatchKitUI.
set -euo pipefail
cd "$(dirname "$0")/.."

# Its own scratch path: the symbol-graph flags would otherwise rebuild .build from scratch, and
# the next plain build would rebuild it again (and a flag change alone may not rebuild at all).
scratch=.build-docs
graphs="$scratch/symbol-graphs"

# The `docc` next to `swift` (the first on PATH may be missing or belong to another toolchain).
docc="$(dirname "$(readlink -f "$(command -v swift)")")/docc"
[ -x "$docc" ] || { echo "docs: no docc next to $(command -v swift)" >&2; exit 1; }

# -emit-extension-block-symbols: without it the graph has no extension blocks, and docc leaves
# out what the library adds to other modules' types (`parameters.int("id")` on Dictionary).
flags=(-Xswiftc -emit-symbol-graph -Xswiftc -emit-symbol-graph-dir -Xswiftc "$graphs"
    -Xswiftc -emit-extension-block-symbols)
# DispatchKitManifest depends on DispatchKit and DispatchKitRules, DispatchKitSwiftUI on
# DispatchKitUI and DispatchKit, DispatchKitServices, DispatchKitEvents and DispatchKitAsync on
# DispatchKit: their five builds write the eight modules' graphs.
build_graphs() {
    swift build --target DispatchKitManifest --scratch-path "$scratch" "${flags[@]}"
    swift build --target DispatchKitSwiftUI --scratch-path "$scratch" "${flags[@]}"
    swift build --target DispatchKitServices --scratch-path "$scratch" "${flags[@]}"
    swift build --target DispatchKitEvents --scratch-path "$scratch" "${flags[@]}"
    swift build --target DispatchKitAsync --scratch-path "$scratch" "${flags[@]}"
}

# A change of flags alone may not rebuild anything: start afresh when they differ from last time.
stamp="$scratch/docs-flags"
if [ -f "$stamp" ] && [ "$(cat "$stamp")" != "${flags[*]}" ]; then
    echo "== the symbol-graph flags changed: rebuilding $scratch from scratch"
    rm -rf "$scratch"
fi

echo "== symbol graphs of DispatchKit, DispatchKitRules, DispatchKitManifest, DispatchKitUI, DispatchKitSwiftUI, DispatchKitServices, DispatchKitEvents and DispatchKitAsync (in $graphs)"
mkdir -p "$graphs"
printf '%s' "${flags[*]}" >"$stamp"
build_graphs
# An up-to-date build compiles nothing and so writes no graph: if the graph is missing or older
# than a source (a stale graph would document yesterday's API), build again from scratch.
stale() { # stale MODULE: the module's graph is missing or older than one of its sources
    local graph="$graphs/$1.symbols.json"
    [ ! -f "$graph" ] || [ -n "$(find "Sources/$1" -name '*.swift' -newer "$graph" -print -quit)" ]
}
if stale DispatchKit || stale DispatchKitManifest || stale DispatchKitRules || stale DispatchKitUI \
    || stale DispatchKitSwiftUI || stale DispatchKitServices || stale DispatchKitEvents || stale DispatchKitAsync; then
    echo "== the symbol graph is missing or stale: rebuilding $scratch from scratch"
    rm -rf "$scratch"
    mkdir -p "$graphs"
    build_graphs
fi

for module in DispatchKit DispatchKitManifest DispatchKitRules DispatchKitUI DispatchKitSwiftUI DispatchKitServices DispatchKitEvents DispatchKitAsync; do
    # The module's own graphs only (MODULE.symbols.json and its extensions, MODULE@Other.symbols.json):
    # docc documents one module per catalog.
    own="$scratch/symbol-graphs-$module"
    rm -rf "$own"
    mkdir -p "$own"
    cp "$graphs/$module.symbols.json" "$own/"
    find "$graphs" -maxdepth 1 -name "$module@*.symbols.json" -exec cp {} "$own/" \;
    catalog="Sources/$module/$module.docc"
    output="$scratch/$module.doccarchive"
    echo "== docc convert $catalog (warnings are errors)"
    rm -rf "$output"
    "$docc" convert "$catalog" --additional-symbol-graph-dir "$own" \
        --warnings-as-errors --output-path "$output"
    echo "== documentation built: $output"
done
