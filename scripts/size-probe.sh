#!/usr/bin/env bash
# What an app that links only DispatchKit ships: builds Benchmarks/SizeProbe (ten activities and a
# dispatch) in release against two checkouts and prints the sizes of the executables side by side.
#
#   scripts/size-probe.sh                 BEFORE = 4998a46 (the last commit with one library
#                                         module), AFTER = this checkout's working tree
#   scripts/size-probe.sh REV             BEFORE = REV
#
# BEFORE is a git worktree of REV (in .build-size/before, made once); AFTER is this checkout. Both
# are built with the same command and toolchain: `swift build -c release` (whole-module
# optimisation, as SwiftPM's release configuration always does) with the linker's dead stripping,
# which SwiftPM already passes on Linux (`-Xlinker --gc-sections`, printed with -v). Benchmarks/
# README.md ("What an app ships") records a run and says which sections are counted and why.
set -euo pipefail
cd "$(dirname "$0")/.."
root=$PWD
base=${1:-4998a46}
work=.build-size

# SwiftPM names a path dependency after its folder: both checkouts are reached as .../DispatchKit.
mkdir -p "$work/after"
ln -sfn "$root" "$work/after/DispatchKit"
if [ ! -d "$work/before/DispatchKit" ]; then
    git worktree add --detach "$work/before/DispatchKit" "$base"
else
    git -C "$work/before/DispatchKit" checkout --quiet --detach "$base"
fi

# The read-only part of an executable that holds code and Swift metadata: .text (code), .rodata
# (constants, strings), .data.rel.ro (type metadata, witness tables and other Swift data that holds
# pointers, made read-only after relocation) and the swift5_* sections (conformance records,
# reflection metadata, type and protocol lists the runtime reads). Not counted: .eh_frame and the
# dynamic-linking tables, which grow with the rest; .data/.bss (writable).
sections='^(\.text|\.rodata|\.data\.rel\.ro|swift5_[a-z_0-9]+)$'
measure() { # measure EXECUTABLE: prints "text counted" in bytes
    size -A "$1" | awk -v re="$sections" '
        $1 == ".text" { text = $2 }
        $1 ~ re { counted += $2 }
        END { print text, counted }'
}
# The library's own release text: the object files of its modules (before any linking).
library_text() { # library_text BUILD_DIR MODULE...
    local dir=$1 total=0 module
    shift
    for module in "$@"; do
        for object in "$dir"/"$module".build/*.o; do
            total=$((total + $(size -A "$object" | awk '$1 ~ /^\.text/ { t += $2 } END { print t + 0 }')))
        done
    done
    echo "$total"
}

build() { # build NAME: builds the probe against $work/NAME/DispatchKit
    local name=$1
    echo "== building the probe against $name ($(readlink -f "$work/$name/DispatchKit"))" >&2
    DISPATCHKIT_PATH="$root/$work/$name/DispatchKit" swift build -c release \
        --package-path Benchmarks/SizeProbe --scratch-path "$work/probe-$name" --product SizeProbe >&2
    # The library's modules, built in release on their own for their object files.
    "$work/probe-$name/release/SizeProbe" /product/42 /help/a/b >/dev/null
}

build before
build after

kb() { awk -v b="$1" 'BEGIN { printf "%.0f KB", b / 1024 }'; }
read -r before_text before_counted < <(measure "$work/probe-before/release/SizeProbe")
read -r after_text after_counted < <(measure "$work/probe-after/release/SizeProbe")
before_library=$(library_text "$work/probe-before/release" DispatchKit)
after_core=$(library_text "$work/probe-after/release" DispatchKit)

printf '\n%-44s %12s %12s %8s\n' "SizeProbe (x86_64, release, dead-stripped)" BEFORE AFTER change
row() {
    printf '%-44s %12s %12s %7s%%\n' "$1" "$(kb "$2")" "$(kb "$3")" \
        "$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%+.1f", (b - a) * 100 / a }')"
}
row ".text" "$before_text" "$after_text"
row ".text + .rodata + .data.rel.ro + swift5_*" "$before_counted" "$after_counted"
row "DispatchKit module's own .text (objects)" "$before_library" "$after_core"
