#!/usr/bin/env bash
# Line coverage of Sources/DispatchKit by the test suite, and a gate: exits 1 below the minimum.
#   scripts/coverage.sh [minimum-percent]     (default 90)
set -euo pipefail
cd "$(dirname "$0")/.."
minimum=${1:-90}

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
total=$("$llvm_cov" report "$bin/DispatchKitPackageTests.xctest" \
    -instr-profile="$bin/codecov/default.profdata" Sources/DispatchKit | grep '^TOTAL')
echo "$total"
# TOTAL regions missed cover functions missed cover lines missed cover …
read -r lines missed < <(awk '{ print $8, $9 }' <<<"$total")
awk -v lines="$lines" -v missed="$missed" -v minimum="$minimum" 'BEGIN {
    percent = 100 * (lines - missed) / lines
    printf "line coverage of Sources/DispatchKit: %.2f%% (%d of %d lines; minimum %s%%)\n", percent, lines - missed, lines, minimum
    if (percent < minimum) { printf "FAIL: line coverage below %s%%\n", minimum > "/dev/stderr"; exit 1 }
}'
