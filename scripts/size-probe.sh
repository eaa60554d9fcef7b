#!/usr/bin/env bash
# What an app that links only DispatchKit ships: builds Benchmarks/SizeProbe (ten activities and a
# dispatch) in release against two checkouts and prints the sizes of the executables side by side.
#
#   scripts/size-probe.sh                 BEFORE = 4998a46 (the last commit with one library
#                                         module), AFTER = this checkout's working tree
#   scripts/size-probe.sh REV             BEFORE = REV
#   SIZE_PROBE_FLAGS="…" scripts/size-probe.sh   both built with extra `swift build` flags
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

# Extra `swift build` flags for both builds, such as
#   SIZE_PROBE_FLAGS="-Xswiftc -Xfrontend -Xswiftc -function-sections" scripts/size-probe.sh
# (each set of flags gets its own scratch path).
read -r -a extra <<<"${SIZE_PROBE_FLAGS:-}"
suffix=""
[ -z "${SIZE_PROBE_FLAGS:-}" ] || suffix=-$(printf '%s' "$SIZE_PROBE_FLAGS" | cksum | cut -d' ' -f1)

build() { # build NAME: builds the probe against $work/NAME/DispatchKit, in $work/probe-NAME[-FLAGS]
    local name=$1 scratch="$work/probe-$1$suffix"
    echo "== building the probe against $name ($(readlink -f "$work/$name/DispatchKit"))" >&2
    DISPATCHKIT_PATH="$root/$work/$name/DispatchKit" swift build -c release \
        --package-path Benchmarks/SizeProbe --scratch-path "$scratch" --product SizeProbe \
        ${extra[@]+"${extra[@]}"} >&2
    "$scratch/release/SizeProbe" /product/42 /help/a/b >/dev/null
    # The route tools' module, where the checkout has one, for its own release text.
    if [ -d "$work/$name/DispatchKit/Sources/DispatchKitManifest" ]; then
        DISPATCHKIT_PATH="$root/$work/$name/DispatchKit" swift build -c release \
            --package-path Benchmarks/SizeProbe --scratch-path "$scratch" --target DispatchKitManifest \
            ${extra[@]+"${extra[@]}"} >&2
    fi
}

build before
build after

kb() { awk -v b="$1" 'BEGIN { printf "%.0f KB", b / 1024 }'; }
# The executable's text by module, from its symbols' mangled names: $s11DispatchKit…,
# $s19DispatchKitManifest…; the rest is mostly specializations of the standard library's generics
# made for DispatchKit's code.
by_module() { # by_module EXECUTABLE: prints "dispatchkit other"
    nm -S "$1" | awk '
        NF == 4 && ($3 == "t" || $3 == "T") {
            size = 0
            for (i = 1; i <= length($2); i++) size = size * 16 + index("0123456789abcdef", substr($2, i, 1)) - 1
            if ($4 ~ /^\$s11DispatchKit/) kit += size; else other += size
        }
        END { print kit + 0, other + 0 }'
}
before_exe="$work/probe-before$suffix/release/SizeProbe"
after_exe="$work/probe-after$suffix/release/SizeProbe"
read -r before_text before_counted < <(measure "$before_exe")
read -r after_text after_counted < <(measure "$after_exe")
read -r before_kit before_other < <(by_module "$before_exe")
read -r after_kit after_other < <(by_module "$after_exe")
before_library=$(library_text "$work/probe-before$suffix/release" DispatchKit)
after_core=$(library_text "$work/probe-after$suffix/release" DispatchKit)
after_tools=$(library_text "$work/probe-after$suffix/release" DispatchKitManifest)

printf '\n%-52s %10s %10s %8s\n' "SizeProbe (release, dead-stripped) ${SIZE_PROBE_FLAGS:-}" BEFORE AFTER change
row() {
    printf '%-52s %10s %10s %7s%%\n' "$1" "$(kb "$2")" "$(kb "$3")" \
        "$(awk -v a="$2" -v b="$3" 'BEGIN { printf "%+.1f", (b - a) * 100 / a }')"
}
row "executable .text" "$before_text" "$after_text"
row "executable .text+.rodata+.data.rel.ro+swift5_*" "$before_counted" "$after_counted"
row "  of .text: DispatchKit's functions" "$before_kit" "$after_kit"
row "  of .text: the rest (specializations, thunks)" "$before_other" "$after_other"
row "DispatchKit module's release .text (objects)" "$before_library" "$after_core"
printf '%-52s %10s %10s\n' "DispatchKitManifest module's release .text" "-" "$(kb "$after_tools")"
