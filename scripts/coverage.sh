#!/usr/bin/env bash
# Line coverage of each library module by the test suite, and a gate: exits 1 if one is below the
# minimum.
#   scripts/coverage.sh [minimum-percent [MODULE…]]     (default 90, DispatchKit, DispatchKitManifest
#                                                        DispatchKitRules, DispatchKitUI, DispatchKitSwiftUI,
#                                                        DispatchKitServices,
#                                                        DispatchKitEvents and DispatchKitAsync)
set -euo pipefail
cd "$(dirname "$0")/.."
minimum=${1:-90}
shift || true
modules=("$@")
[ "${#modules[@]}" -gt 0 ] || modules=(DispatchKit DispatchKitManifest DispatchKitRules DispatchKitUI DispatchKitSwiftUI DispatchKitServices DispatchKitEvents DispatchKitAsync)

# The tests' output is kept aside, and shown only if they fail: the step then says which test.
log=$(mktemp)
if ! swift test --enable-code-coverage --scratch-path .build-cov >"$log" 2>&1; then
    grep -E '✘|error:|Fatal|failed' "$log" | tail -40 >&2 || true
    tail -20 "$log" >&2
    echo "FAIL: the tests failed under coverage (log: $log)" >&2
    exit 1
fi
bin=$(swift build --scratch-path .build-cov --show-bin-path 2>/dev/null | tail -n 1)
# The llvm-cov first on PATH may be an older LLVM that cannot read this profile format: use the
# toolchain's, next to swift.
llvm_cov="$(dirname "$(readlink -f "$(command -v swift)")")/llvm-cov"
status=0
for module in "${modules[@]}"; do
    total=$("$llvm_cov" report "$bin/DispatchKitPackageTests.xctest" \
        -instr-profile="$bin/codecov/default.profdata" "Sources/$module" | grep '^TOTAL')
    echo "$total"
    # TOTAL regions missed cover functions missed cover lines missed cover …
    read -r lines missed < <(awk '{ print $8, $9 }' <<<"$total")
    awk -v lines="$lines" -v missed="$missed" -v minimum="$minimum" -v module="$module" 'BEGIN {
        percent = 100 * (lines - missed) / lines
        printf "line coverage of Sources/%s: %.2f%% (%d of %d lines; minimum %s%%)\n", module, percent, lines - missed, lines, minimum
        if (percent < minimum) { printf "FAIL: line coverage of %s below %s%%\n", module, minimum > "/dev/stderr"; exit 1 }
    }' || status=1
done
exit "$status"
