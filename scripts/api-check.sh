#!/usr/bin/env bash
# The API check: public API changes are deliberate, and announced.
#
# Compares the public API of the library products with the last release's, recorded in
# scripts/api-baseline (line 1: its version, line 2: its commit), with
# `swift package diagnose-api-breaking-changes`, and FAILS UNLESS EVERY SYMBOL THE DIGESTER
# REPORTS AS BROKEN IS NAMED IN THE [Unreleased] SECTION OF CHANGELOG.md, by its qualified name as
# the digester prints it, without the kind: for
#     API breakage: func DispatchModule.registerServices(in:) is now throwing
# the section names `DispatchModule.registerServices(in:)`; a constructor may be written as a call,
# `AppSiteAssociation(manifest:appIDs:domains:)`. A name counts only whole (`RouteManifestError`
# does not name `RouteManifest`), and a type's name does not announce its members; a removed type
# is reported once, and its name is enough. Each unannounced break is printed on its own line.
# scripts/api-check/api_breaks.py reads the report; CONTRIBUTING.md, "Releases", says how to
# announce a break and when to move the baseline.
#
#   scripts/api-check.sh                 run the digester (minutes on a cold scratch path) and check
#   scripts/api-check.sh --report FILE   check a report the digester already wrote
#   scripts/api-check.sh --self-test     test the report reader on a captured report, without the
#                                        digester: a planted unannounced break must fail
#
# Compared: DispatchKit, DispatchKitUI, DispatchKitSwiftUI, DispatchKitManifest, DispatchKitRules, DispatchKitServices,
# DispatchKitEvents and DispatchKitAsync, each when it is a library product both of the baseline and of this checkout. A product new since the baseline has
# nothing to compare with (noted); one the baseline had and this checkout lacks is a break to
# announce.
# The digester builds this checkout and the baseline in its own scratch path, .build-api, so that
# .build is left alone; the baseline's API is kept in .build-api/baseline-COMMIT and reused.
# Needs the baseline commit in the clone: a full clone has it, a shallow one does not.
set -euo pipefail
cd "$(dirname "$0")/.."
export PYTHONDONTWRITEBYTECODE=1

command -v python3 >/dev/null || { echo "api-check: python3 is not on PATH" >&2; exit 2; }

if [ "${1:-}" = "--self-test" ]; then
    exec python3 -m unittest discover -s scripts/api-check -p 'test_*.py'
fi

report_given=""
if [ "${1:-}" = "--report" ]; then
    report_given=${2:?--report needs the digester report file}
fi

{ read -r version && read -r baseline; } <scripts/api-baseline
if ! git cat-file -e "$baseline^{commit}" 2>/dev/null; then
    echo "api-check: the baseline $version ($baseline) is not in this clone; a shallow clone lacks it: git fetch --unshallow" >&2
    exit 2
fi
grep -q "^## \[$version\]" CHANGELOG.md \
    || { echo "api-check: CHANGELOG.md has no entry for the baseline version $version" >&2; exit 2; }

# Library products of this checkout (SwiftPM's own reading of Package.swift) and of the baseline
# (its Package.swift, as text: the digester checks it out only later).
current=$(swift package dump-package | python3 -c '
import json, sys
print(" ".join(p["name"] for p in json.load(sys.stdin)["products"] if "library" in p["type"]))')
baseline_manifest=$(git show "$baseline:Package.swift")
products=()
missing_products=()
for product in DispatchKit DispatchKitUI DispatchKitSwiftUI DispatchKitManifest DispatchKitRules DispatchKitServices DispatchKitEvents DispatchKitAsync; do
    in_current=no in_baseline=no
    [[ " $current " == *" $product "* ]] && in_current=yes
    grep -Eq "\.library\(\s*name: \"$product\"" <<<"$baseline_manifest" && in_baseline=yes
    case $in_current/$in_baseline in
        yes/yes) products+=("$product") ;;
        yes/no) echo "api-check: $product is new since $version: nothing to compare it with" ;;
        no/yes) missing_products+=("$product") ;;
    esac
done

scratch=.build-api
mkdir -p "$scratch"
report=$scratch/report.txt
if [ -n "$report_given" ]; then
    cp "$report_given" "$report"
else
    echo "api-check: comparing ${products[*]} with $version ($baseline)"
    # Exit status 1 means "breaking changes found"; whether the report is complete is decided by
    # reading it (each module's count must match its lines), not by the status.
    swift package --scratch-path "$scratch" diagnose-api-breaking-changes "$baseline" \
        --products "${products[@]}" --baseline-dir "$scratch/baseline-$baseline" >"$report" 2>&1 || true
fi
if [ "${#missing_products[@]}" -gt 0 ]; then
    {
        echo "${#missing_products[@]} breaking changes detected in Package.swift:"
        for product in "${missing_products[@]}"; do
            echo "  API breakage: product $product has been removed"
        done
    } >>"$report"
fi

grep -E "breaking changes? detected" "$report" || true
set +e
python3 scripts/api-check/api_breaks.py "$report" CHANGELOG.md "${products[@]}"
status=$?
set -e
case $status in
    0) echo "api-check: every break since $version is announced in CHANGELOG.md's [Unreleased] section" ;;
    1) echo "FAIL: announce each break above in CHANGELOG.md's [Unreleased] section, by name (scripts/api-check.sh says how)" >&2 ;;
    *) tail -40 "$report" >&2; echo "FAIL: the digester's report is incomplete (above; whole report: $report)" >&2 ;;
esac
exit "$status"
