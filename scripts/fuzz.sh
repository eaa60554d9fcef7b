#!/usr/bin/env bash
# Builds DispatchFuzz with libFuzzer and AddressSanitizer and fuzzes for a bounded time.
#
#   scripts/fuzz.sh [seconds]      (default 120)
#
# Starts from the committed seed corpus (Tests/Fuzz/corpus), copied into .fuzz/corpus so that the
# inputs libFuzzer generates never land in the repository. Exits non-zero when libFuzzer finds a
# crash, a trapped invariant, a leak, a timeout or an out-of-memory input; the input is saved
# under .fuzz/ and its path printed. Reproduce one with:
#   SWIFT_BACKTRACE=enable=no .build-fuzz/release/DispatchFuzz .fuzz/crash-…
#
# Built optimised: unoptimised, the instrumented library ran several times slower, and the
# fuzzer tried that many fewer inputs. `-assert-config Debug` keeps the library's `assert`s, which
# an optimised build would otherwise drop. At exit the log prints how many inputs each mode ran
# (`stat::dispatchfuzz_mode_executions`). `DISPATCHFUZZ_MODE=dispatch|parseURL|pattern|rules`
# runs every input in one mode, to fuzz or time that mode alone.
#
# AddressSanitizer records no stack for each allocation (`malloc_context_size=0`): unwinding
# and storing those stacks took 10-22% of an input's time in the parse, pattern and rules modes,
# and they only add where-allocated lines to a report. Every check stays on; the reproduce command
# below runs without the option and prints the full report.
set -euo pipefail

seconds="${1:-120}"
if ! [[ "$seconds" =~ ^[0-9]+$ ]] || [ "$seconds" -eq 0 ]; then
    echo "usage: $0 [seconds]   (a positive whole number; default 120)" >&2
    exit 2
fi

cd "$(dirname "$0")/.."
scratch=.build-fuzz
work=.fuzz
seeds=Tests/Fuzz/corpus

flags=(-Xswiftc -sanitize=fuzzer,address -Xswiftc -DFUZZING -Xswiftc -assert-config -Xswiftc Debug)

echo "== building DispatchFuzz (libFuzzer + ASan, optimised) in $scratch"
# ld.gold warns about ~140 local symbols it cannot export; they are harmless, everything else shows.
set +e
swift build -c release --product DispatchFuzz --scratch-path "$scratch" "${flags[@]}" 2>&1 \
    | grep -v 'ld.gold: warning: Cannot export local symbol'
build_status=${PIPESTATUS[0]}
set -e
if [ "$build_status" -ne 0 ]; then
    echo "fuzz build failed ($build_status)" >&2
    exit "$build_status"
fi
binary="$(swift build -c release --scratch-path "$scratch" "${flags[@]}" --show-bin-path)/DispatchFuzz"

mkdir -p "$work"
rm -rf "$work/corpus"
mkdir -p "$work/corpus"
cp "$seeds"/* "$work/corpus/"
log="$work/fuzz.log"
# Artifacts from an earlier run would be mistaken for this run's finding.
rm -f "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* "$work"/slow-unit-*

echo "== fuzzing for ${seconds}s from $(ls "$seeds" | wc -l | tr -d ' ') seeds (log: $log)"
set +e
ASAN_OPTIONS="${ASAN_OPTIONS:+$ASAN_OPTIONS:}malloc_context_size=0" SWIFT_BACKTRACE=enable=no "$binary" "$work/corpus" \
    -max_total_time="$seconds" -max_len=8192 -rss_limit_mb=4096 -timeout=10 \
    -artifact_prefix="$work/" -print_final_stats=1 >"$log" 2>&1
status=$?
set -e

# The last status line (`#N DONE cov: … ft: … exec/s: …`) and the final statistics.
grep -E '^#[0-9]+' "$log" | tail -n 1 || true
grep -E '^stat::(number_of_executed_units|average_exec_per_sec|peak_rss_mb|dispatchfuzz_mode_executions)' "$log" || true

artifacts=$(ls "$work"/crash-* "$work"/leak-* "$work"/timeout-* "$work"/oom-* 2>/dev/null || true)
if [ "$status" -ne 0 ] || [ -n "$artifacts" ]; then
    echo "== libFuzzer found a problem (exit $status); the report:" >&2
    grep -E 'DispatchFuzz invariant|Fatal error|ERROR: |SUMMARY: |Test unit written' "$log" | head -n 20 >&2 || true
    for artifact in $artifacts; do
        echo "input saved: $artifact" >&2
    done
    echo "reproduce: SWIFT_BACKTRACE=enable=no $binary <input>   (full log: $log)" >&2
    exit 1
fi
echo "== no crash in ${seconds}s"
