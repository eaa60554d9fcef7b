#!/usr/bin/env bash
# Proves that the package compiles for Apple platforms, on Linux, without an Apple SDK:
#
#   scripts/apple-check.sh                  (iOS 13, macOS 10.15, tvOS 13 and watchOS 6)
#   scripts/apple-check.sh ios watchos      (only those)
#
# For each deployment target it compiles every library target, with the package's settings and
# warnings as errors, against
#   - a scratch SDK made from the toolchain's own Swift, _Concurrency, _StringProcessing,
#     Synchronization and SwiftOnoneSupport interfaces, which carry Apple's @available
#     annotations, so the compiler enforces them for the Apple target; and
#   - small stubs of Apple's modules (scripts/apple-stubs/Foundation.swift, Dispatch.swift, …),
#     which declare only what the package uses, transcribed from Apple's documentation.
# Then it compiles planted violations and fails unless the compiler rejects each of them: the
# proof that the check bites. Before the platforms, it compiles the reproducers of compiler crashes
# that the package works around (scripts/compiler-crashes/): each workaround must compile, and
# while a crash still happens, the stubs must make it happen too. Nothing is linked or run. scripts/apple-stubs/README.md says what
# this proves and what it does not.
#
# Targets, in dependency order; each is compiled when its folder holds .swift files:
#   Sources/DispatchKit                        module DispatchKit
#   Sources/DispatchKitRules                   module DispatchKitRules (imports DispatchKit)
#   Sources/DispatchKitManifest                module DispatchKitManifest (imports DispatchKit and
#                                              DispatchKitRules; an app's test target imports it)
#   Sources/DispatchKitUI                      module DispatchKitUI (imports DispatchKit)
#   Sources/DispatchKitSwiftUI                 module DispatchKitSwiftUI (imports DispatchKit and
#                                              DispatchKitUI)
#   Sources/DispatchKitServices                module DispatchKitServices (imports DispatchKit)
#   Sources/DispatchKitEvents                  module DispatchKitEvents (imports DispatchKit)
#   Sources/DispatchKitAsync                   module DispatchKitAsync (imports DispatchKit)
#   Tests/DocumentationExamples/InAnIOSApp     module InAnIOSAppExamples (imports the others but
#                                              DispatchKitAsync, which has no public type)
#   Examples/Shop/Routes                       module ExampleShopRoutes (the example app's routes;
#                                              its app code needs more of UIKit and SwiftUI than
#                                              the stubs hold: scripts/real-sdk-check.sh compiles it)
# and, for iOS only, the code blocks of the README and the DocC articles that import UIKit or
# SwiftUI, as scripts/doc-blocks.sh writes them out: each unit (a block and the blocks that continue
# it) is a module of its own, compiled as the app's code (public API only, no -package-name); the
# row DocBlocks of the table. The other blocks are compiled on Linux by the tests.
#
# Everything is cached in .build-apple/<key>/, where the key changes with the toolchain and with
# the way this script makes the scratch SDK. The first run builds the standard library from its
# interface for each platform (about 35 s each on an idle core); later runs reuse it. The platforms run in
# parallel, as many at a time as there are cores (APPLE_CHECK_JOBS overrides).
set -euo pipefail
cd "$(dirname "$0")/.."

# MARK: - Platforms and targets

all_platforms=(ios macos tvos watchos)
declare -A triple=(
    [ios]=x86_64-apple-ios13.0-simulator [macos]=x86_64-apple-macosx10.15
    [tvos]=x86_64-apple-tvos13.0-simulator [watchos]=x86_64-apple-watchos6.0-simulator)
# The file name the compiler looks for in SDK/usr/lib/swift/M.swiftmodule/ for that triple.
declare -A interface_name=(
    [ios]=x86_64-apple-ios-simulator [macos]=x86_64-apple-macos
    [tvos]=x86_64-apple-tvos-simulator [watchos]=x86_64-apple-watchos-simulator)
declare -A sdk_name=([ios]=iphonesimulator [macos]=macosx [tvos]=appletvsimulator [watchos]=watchsimulator)
declare -A sdk_version=([ios]=13.0 [macos]=10.15 [tvos]=13.0 [watchos]=6.0)
declare -A platform_title=([ios]="iOS 13" [macos]="macOS 10.15" [tvos]="tvOS 13" [watchos]="watchOS 6")
# The platform names Apple's @available and the stubs' "// Platforms:" line use.
declare -A platform_word=([ios]=iOS [macos]=macOS [tvos]=tvOS [watchos]=watchOS)

# name|folder. Each target sees the modules of the ones above it.
targets=(
    "DispatchKit|Sources/DispatchKit"
    "DispatchKitRules|Sources/DispatchKitRules"
    "DispatchKitManifest|Sources/DispatchKitManifest"
    "DispatchKitUI|Sources/DispatchKitUI"
    "DispatchKitSwiftUI|Sources/DispatchKitSwiftUI"
    "DispatchKitServices|Sources/DispatchKitServices"
    "DispatchKitEvents|Sources/DispatchKitEvents"
    "DispatchKitAsync|Sources/DispatchKitAsync"
    "InAnIOSAppExamples|Tests/DocumentationExamples/InAnIOSApp"
    "ExampleShopRoutes|Examples/Shop/Routes"
)

# The settings of Package.swift (Swift 6 mode, the upcoming features), what `swift build` adds in
# a debug build (-DSWIFT_PACKAGE -DDEBUG; the DEBUG-only code is a superset of the release code
# today), and warnings as errors, as CI's build step demands.
package_flags=(
    -swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -package-name DispatchKit -DSWIFT_PACKAGE -DDEBUG -warnings-as-errors
)
# The documents' blocks are a reader's app, which sees the public API only.
document_flags=()
for flag in "${package_flags[@]}"; do
    case "$flag" in -package-name | DispatchKit) ;; *) document_flags+=("$flag") ;; esac
done

# Toolchain modules the scratch SDK provides. SwiftOnoneSupport is not in the recipe but is
# needed: at -Onone every module imports it implicitly. _Builtin_float is not (only the
# Darwin/Glibc overlays import it).
sdk_modules=(Swift _Concurrency _StringProcessing Synchronization SwiftOnoneSupport)
# Modules that do not exist on Apple platforms: `canImport` of one is false there, as it is here.
not_on_apple=" Glibc Musl Bionic Android WASILibc WinSDK ucrt CRT FoundationEssentials
    FoundationInternationalization FoundationNetworking FoundationXML "

stubs_dir=scripts/apple-stubs

usage() {
    sed -n '2,5p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

platforms=()
for argument in "$@"; do
    case "$argument" in
        ios | macos | tvos | watchos) platforms+=("$argument") ;;
        *) usage ;;
    esac
done
[ "${#platforms[@]}" -gt 0 ] || platforms=("${all_platforms[@]}")

# MARK: - Toolchain and cache

swift_path=$(command -v swift) || { echo "apple-check: swift is not on PATH" >&2; exit 1; }
toolchain_bin=$(dirname "$(readlink -f "$swift_path")")
swiftc="$toolchain_bin/swiftc"
toolchain_modules="$toolchain_bin/../lib/swift/linux"
for module in "${sdk_modules[@]}"; do
    interface="$toolchain_modules/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"
    [ -f "$interface" ] || { echo "apple-check: no $interface in this toolchain" >&2; exit 1; }
done

# make_sdk PLATFORM DIR: the scratch SDK: the toolchain's own interfaces of the standard library, copied
# under the Apple target's name, with that target in their flags and without @backDeployed bodies.
make_sdk() {
    local platform=$1 dir=$2 module source copy
    local temporary="$dir.partial.$$"
    rm -rf "$temporary"
    mkdir -p "$temporary/usr/lib/swift"
    for module in "${sdk_modules[@]}"; do
        source="$toolchain_modules/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"
        copy="$temporary/usr/lib/swift/$module.swiftmodule/${interface_name[$platform]}.swiftinterface"
        mkdir -p "$(dirname "$copy")"
        # The recipe's two edits: the Apple target (availability checking is off inside the
        # library itself, which is built for its own minimum), and no @backDeployed (the
        # interface has no bodies for them; their @available stays, and is what counts).
        # One more: build the interface at -Onone rather than -O. The optimiser only changes
        # the inlinable bodies' SIL, not declarations or availability, and -Onone cuts the cold
        # build by about 40%.
        sed -E \
            -e "/^\/\/ swift-module-flags:/s/-target x86_64-unknown-linux-gnu/-target ${triple[$platform]} -disable-availability-checking/" \
            -e '/^\/\/ swift-module-flags:/s/ -O / -Onone /' \
            -e 's/@backDeployed\([^)]*\)//g' \
            "$source" >"$copy"
        if ! grep -q -- "^// swift-module-flags:.*-target ${triple[$platform]} " "$copy"; then
            echo "apple-check: $module's interface has no -target x86_64-unknown-linux-gnu to replace" >&2
            return 1
        fi
        if grep -q '@backDeployed' "$copy"; then
            echo "apple-check: an @backDeployed attribute in $module's interface was not removed" >&2
            return 1
        fi
    done
    # Synchronization imports Glibc (which an Apple target cannot load) and calls a gettid shim
    # from three inlinable bodies of Mutex. No declaration changes: Mutex keeps Apple's
    # availability, and importing Synchronization gives the same errors as on Apple.
    copy="$temporary/usr/lib/swift/Synchronization.swiftmodule/${interface_name[$platform]}.swiftinterface"
    sed -i -e '/^import Glibc$/d' -e 's/_swift_stdlib_gettid()/Swift.UInt32(0)/g' "$copy"
    # Without a readable SDKSettings.json the driver warns ("Could not read SDKSettings.json"),
    # and the check fails on any warning. The driver wants a VersionMap for macOS. The version is
    # the deployment target's: with a recent one (26.0) the compiler looks for SwiftShims inside
    # the SDK, as Apple's recent SDKs carry them, and this one does not.
    local version=${sdk_version[$platform]} version_map=""
    [ "$platform" = macos ] \
        && version_map=', "VersionMap": {"macOS_iOSMac": {"10.15": "13.1"}, "iOSMac_macOS": {"13.1": "10.15"}}'
    printf '{"CanonicalName": "%s%s", "Version": "%s", "MaximumDeploymentTarget": "%s.99"%s}\n' \
        "${sdk_name[$platform]}" "$version" "$version" "$version" "$version_map" >"$temporary/SDKSettings.json"
    rm -rf "$dir"
    mv "$temporary" "$dir"
}

# The cache key: the toolchain (its version, its place, its interfaces), the platforms' triples
# and make_sdk itself, so that changing any of them rebuilds the SDK and the module cache.
cache_key=$(
    {
        "$swiftc" --version 2>&1
        echo "$toolchain_bin"
        for module in "${sdk_modules[@]}"; do
            md5sum <"$toolchain_modules/$module.swiftmodule/x86_64-unknown-linux-gnu.swiftinterface"
        done
        declare -p triple interface_name sdk_name sdk_version sdk_modules
        declare -f make_sdk
    } | sha256sum | cut -c1-16
)
cache_root=.build-apple
cache="$cache_root/$cache_key"
mkdir -p "$cache"
# One run at a time in this tree (the stubs and modules are rebuilt in place).
exec 9>"$cache_root/lock"
if ! flock -n 9; then
    echo "apple-check: waiting for another apple-check in this tree"
    flock 9
fi
for old in "$cache_root"/*/; do
    [ "${old%/}" = "$cache" ] || rm -rf "${old%/}"
done

# MARK: - Helpers for one platform

now() { echo "$EPOCHREALTIME"; }
seconds_since() { awk -v start="$1" -v end="$EPOCHREALTIME" 'BEGIN { printf "%.1f", end - start }'; }

# The stubs, one module per file. A stub's "// Platforms: iOS tvOS watchOS" line says where Apple
# ships the module (default: all four); elsewhere it is not built, so `canImport` is false there.
stub_files=()
for file in "$stubs_dir"/*.swift; do
    [ -e "$file" ] && stub_files+=("$file")
done
stub_platforms() {
    local line
    line=$(grep -m1 -E '^// Platforms:' "$1" || true)
    if [ -z "$line" ]; then
        echo "iOS macOS tvOS watchOS"
    else
        echo "${line#// Platforms:}" | tr ',' ' '
    fi
}
stub_exists_on() { # MODULE PLATFORM
    local file="$stubs_dir/$1.swift"
    [ -f "$file" ] && [[ " $(stub_platforms "$file") " == *" ${platform_word[$2]} "* ]]
}
# Module names a set of files imports or asks canImport about (attributes such as @_exported,
# @testable and @preconcurrency included; comment lines are not code).
imported_modules() {
    grep -hoE '^[[:space:]]*(@[A-Za-z_]+[[:space:]]+)*import[[:space:]]+((class|struct|enum|protocol|func|var|let|typealias)[[:space:]]+)?[A-Za-z_][A-Za-z0-9_]*' "$@" \
        | awk '{ print $NF }' || true
}
can_imported_modules() {
    grep -hoE 'canImport\([[:space:]]*[A-Za-z_][A-Za-z0-9_]*' "$@" | sed -E 's/canImport\([[:space:]]*//' || true
}

# Results of one platform: "step<TAB>status<TAB>seconds<TAB>detail" lines, status being ok, FAIL
# or skip, detail a failure's file; "-" for an empty field. Notes are "note<TAB>text" lines.
tab=$'\t'
# Each result is also a progress line on file descriptor 3 (the terminal; the rest goes to a log).
record() {
    printf '%s\t%s\t%s\t%s\n' "$1" "$2" "${3:--}" "${4:--}" >>"$results"
    echo "[${platform_word[$platform]}] $1: $2${3:+ ($3 s)}" >&3
}
note() { printf 'note\t%s\n' "$1" >>"$results"; }

# compile OUTPUT_FILE ARGS…: runs swiftc with the platform's flags, its output into OUTPUT_FILE.
# Fails on a warning too: -warnings-as-errors covers the frontend's, not the driver's.
compile() {
    local output=$1
    shift
    local status=0
    "$swiftc" -target "${triple[$platform]}" -sdk "$sdk" -Xfrontend -disable-objc-interop \
        -module-cache-path "$work/module-cache" -diagnostic-style=llvm "$@" >"$output.raw" 2>&1 || status=1
    # The driver's own line about a failed frontend says nothing the errors above it do not.
    grep -vE '^error: [a-z-]+ command failed with exit code [0-9]+ \(use -v to see invocation\)$' \
        "$output.raw" | trim_crash >"$output" || true
    rm -f "$output.raw"
    [ "$status" -eq 0 ] && ! grep -qE '(^|: )warning:' "$output"
}

# trim_crash: a compiler crash's message and what the compiler was doing (its "While …" lines),
# without the program arguments, the backtrace and the registers; other output passes unchanged.
trim_crash() {
    awk '
        /^Stack dump:$/ { crashed = 1; next }
        crashed { if ($0 ~ /^[0-9]+\.[[:space:]]+While /) print; next }
        { print }
    '
}

# build_stubs: compiles the stubs that exist on this platform, each after the stubs it imports.
# A stub that fails is reported; only what imports it (stubs, targets) is then left out.
build_stubs() {
    local pending=() next=() module file dependency ready blocked progressed start output failure
    rm -rf "$work/stubs"
    mkdir -p "$work/stubs"
    for file in "${stub_files[@]}"; do
        module=$(basename "$file" .swift)
        stub_exists_on "$module" "$platform" && pending+=("$module")
    done
    start=$(now)
    failure="$work/logs/stubs.txt.failure"
    : >"$failure"
    while [ "${#pending[@]}" -gt 0 ]; do
        progressed=0
        next=()
        for module in "${pending[@]}"; do
            ready=1
            blocked=""
            for dependency in $(imported_modules "$stubs_dir/$module.swift"); do
                { [ "$dependency" != "$module" ] && stub_exists_on "$dependency" "$platform"; } || continue
                case "${module_state[$dependency]:-}" in
                    built) ;;
                    failed) blocked=$dependency ;;
                    *) ready=0 ;;
                esac
            done
            if [ -n "$blocked" ]; then
                module_state[$module]=failed
                echo "the stub $module is not compiled: it imports $blocked, which failed" >>"$failure"
                progressed=1
                continue
            fi
            if [ "$ready" -eq 0 ]; then
                next+=("$module")
                continue
            fi
            progressed=1
            output="$work/logs/stub-$module.txt"
            # Library evolution and Swift 5 mode, as Apple builds its frameworks (the
            # swift-module-flags of every SDK interface): a switch over a stub's enum then needs
            # @unknown default, and a client's closures are converted to a stub's
            # `@preconcurrency @Sendable @isolated(any)` parameters exactly as to the real ones.
            if compile "$output" -emit-module -parse-as-library -enable-library-evolution \
                -swift-version 5 -warnings-as-errors -module-name "$module" -I "$work/stubs" \
                "$stubs_dir/$module.swift" -emit-module-path "$work/stubs/$module.swiftmodule"; then
                module_state[$module]=built
            else
                module_state[$module]=failed
                {
                    echo "the stub $stubs_dir/$module.swift does not compile for ${triple[$platform]}:"
                    cat "$output"
                } >>"$failure"
            fi
        done
        if [ "$progressed" -eq 0 ]; then
            for module in "${next[@]}"; do module_state[$module]=failed; done
            echo "the stubs ${next[*]} import each other in a cycle" >>"$failure"
            break
        fi
        pending=("${next[@]+"${next[@]}"}")
    done
    if [ -s "$failure" ]; then
        record stubs FAIL "$(seconds_since "$start")" "$failure"
    else
        record stubs ok "$(seconds_since "$start")" ""
    fi
}

# check_modules NAME SOURCES…: every module the target imports or asks canImport about must be
# a toolchain module, a target built here, a stub, or one that does not exist on Apple platforms.
# A missing stub must fail the check: under `#if canImport(UIKit)` the code would otherwise
# silently compile to nothing.
check_modules() {
    local name=$1 module problems=""
    shift
    local target_modules=" "
    for entry in "${targets[@]}"; do target_modules+="${entry%%|*} "; done
    for module in $( (imported_modules "$@"; can_imported_modules "$@") | sort -u); do
        if [[ " ${sdk_modules[*]} " == *" $module "* || "$target_modules" == *" $module "* ]]; then
            continue
        fi
        if [ -f "$stubs_dir/$module.swift" ]; then
            stub_exists_on "$module" "$platform" \
                || note "$name: $module does not exist on ${platform_word[$platform]} (its stub says so), so canImport($module) is false and code under it is not compiled there"
            continue
        fi
        [[ "$not_on_apple" == *" $module "* ]] && continue
        problems+="$name uses module $module, which is neither in the toolchain nor stubbed: add $stubs_dir/$module.swift (see $stubs_dir/README.md)"$'\n'
    done
    [ -z "$problems" ] && return 0
    printf '%s' "$problems"
    return 1
}

check_target() { # NAME FOLDER
    local name=$1 folder=$2 start output module source sources=() mode=(-parse-as-library) missing=""
    if [ -d "$folder" ]; then
        mapfile -d '' sources < <(find "$folder" -name '*.swift' -type f -print0 | sort -z)
    fi
    if [ "${#sources[@]}" -eq 0 ]; then
        note "$folder has no .swift files: $name is not compiled"
        record "$name" skip "" ""
        module_state[$name]=absent
        return 0
    fi
    # What failed earlier (a stub, a target) would only repeat its errors here.
    for module in $( (imported_modules "${sources[@]}"; can_imported_modules "${sources[@]}") | sort -u); do
        [ "${module_state[$module]:-}" = failed ] && missing+="$module "
    done
    if [ -n "$missing" ]; then
        record "$name" skip "" ""
        note "$name is not compiled for ${platform_word[$platform]}: it imports ${missing% }, which failed there"
        module_state[$name]=failed
        return 0
    fi
    start=$(now)
    output="$work/logs/$name.txt"
    if ! check_modules "$name" "${sources[@]}" >"$output.failure"; then
        record "$name" FAIL "$(seconds_since "$start")" "$output.failure"
        module_state[$name]=failed
        return 0
    fi
    # A target with a main.swift has top-level code; the others are libraries.
    for source in "${sources[@]}"; do
        [[ "$source" == */main.swift ]] && mode=()
    done
    if compile "$output" -c -wmo "${mode[@]}" "${package_flags[@]}" -module-name "$name" \
        -I "$work/stubs" -I "$work/modules" -emit-module -emit-module-path "$work/modules/$name.swiftmodule" \
        "${sources[@]}" -o "$work/objects/$name.o"; then
        record "$name" ok "$(seconds_since "$start")" ""
        module_state[$name]=built
    else
        {
            echo "$name does not compile for ${triple[$platform]}:"
            cat "$output"
        } >"$output.failure"
        record "$name" FAIL "$(seconds_since "$start")" "$output.failure"
        module_state[$name]=failed
    fi
}

# check_document_blocks: the Apple units of the documents (written once, before the platforms, to
# $cache/doc-blocks), each compiled as a module of its own; iOS only, the platform they are written
# for (UIKit, and SwiftUI's App from iOS 14). One row, DocBlocks.
check_document_blocks() {
    local start name kind places output failure="$work/logs/DocBlocks.txt.failure" module missing count=0
    if [ "$platform" != ios ]; then
        record DocBlocks skip "" ""
        return 0
    fi
    start=$(now)
    : >"$failure"
    if [ ! -f "$cache/doc-blocks/units" ]; then
        cat "$cache/doc-blocks.log" >"$failure"
        record DocBlocks FAIL "$(seconds_since "$start")" "$failure"
        return 0
    fi
    while IFS=$'\t' read -r name kind places; do
        [ "$kind" = apple ] || continue
        count=$((count + 1))
        missing=""
        for module in $(imported_modules "$cache/doc-blocks/$name/$name.swift"); do
            [ "${module_state[$module]:-}" = failed ] && missing+="$module "
        done
        if [ -n "$missing" ]; then
            echo "the block at $places is not compiled: it imports ${missing% }, which failed" >>"$failure"
            continue
        fi
        output="$work/logs/$name.txt"
        if ! check_modules "$name" "$cache/doc-blocks/$name/$name.swift" >"$output.modules"; then
            cat "$output.modules" >>"$failure"
            continue
        fi
        if ! compile "$output" -c -wmo -parse-as-library "${document_flags[@]}" -module-name "$name" \
            -I "$work/stubs" -I "$work/modules" "$cache/doc-blocks/$name/$name.swift" \
            -o "$work/objects/$name.o"; then
            {
                echo "the code block at $places does not compile for ${triple[$platform]}:"
                cat "$output"
            } >>"$failure"
        fi
    done <"$cache/doc-blocks/units"
    if [ "$count" -eq 0 ]; then
        echo "no code block of the documents imports UIKit or SwiftUI: scripts/doc-blocks.sh found none" >>"$failure"
    fi
    if [ -s "$failure" ]; then
        record DocBlocks FAIL "$(seconds_since "$start")" "$failure"
    else
        record DocBlocks ok "$(seconds_since "$start")" ""
    fi
}

# MARK: - The self-test: planted violations the compiler must reject

# plant NAME EXPECTED… <<SOURCE: compiles SOURCE like a target; passes only if the compile fails
# and its output contains every EXPECTED string.
plant() {
    local name=$1 expected output missing=()
    shift
    mkdir -p "$work/planted"
    cat >"$work/planted/$name.swift"
    output="$work/logs/planted-$name.txt"
    if compile "$output" -c -wmo -parse-as-library "${package_flags[@]}" -module-name "Planted$name" \
        -I "$work/stubs" "$work/planted/$name.swift" -o "$work/objects/planted-$name.o"; then
        missing=("it compiled")
    else
        for expected in "$@"; do
            grep -qF -- "$expected" "$output" || missing+=("no \"$expected\"")
        done
    fi
    [ "${#missing[@]}" -eq 0 ] && return 0
    {
        local IFS=';'
        echo "the planted violation $name was not rejected as it must be for ${triple[$platform]}: ${missing[*]}."
        echo "(It must stay a violation: if a stub now declares what it uses, plant an API no stub has.)"
        echo "-- planted source:"
        cat "$work/planted/$name.swift"
        echo "-- compiler output:"
        cat "$output"
    } >>"$work/logs/self-test.txt.failure"
    return 1
}

self_test() {
    local start failed=0
    local -A sleep_floor=([ios]="iOS 16.0" [macos]="macOS 13.0" [tvos]="tvOS 16.0" [watchos]="watchOS 9.0")
    local -A mutex_floor=([ios]="iOS 18.0" [macos]="macOS 15.0" [tvos]="tvOS 18.0" [watchos]="watchOS 11.0")
    local -A stack_floor=([ios]="iOS 16.0" [macos]="macOS 13.0" [tvos]="tvOS 16.0" [watchos]="watchOS 9.0")
    local -A open_url_floor=([ios]="iOS 14.0" [macos]="macOS 11.0" [tvos]="tvOS 14.0" [watchos]="watchOS 7.0")
    start=$(now)
    rm -f "$work/logs/self-test.txt.failure"

    # An API newer than the floor, used without `if #available`: the standard library's own
    # availability must stop it.
    plant TaskSleep "'sleep(for:tolerance:clock:)' is only available in ${sleep_floor[$platform]} or newer" <<'SWIFT' || failed=1
func plantedSleep() async throws {
    try await Task.sleep(for: .seconds(1))
}
SWIFT

    # The Mutex that Locked.swift avoids: proves the edited Synchronization interface still
    # carries Apple's availability.
    plant Mutex "'Mutex' is only available in ${mutex_floor[$platform]} or newer" <<'SWIFT' || failed=1
import Synchronization

func plantedMutex() -> Int {
    let counter = Mutex(0)
    return counter.withLock { value in
        value += 1
        return value
    }
}
SWIFT

    # Foundation API that the stubs have not transcribed: the check fails rather than guessing.
    plant Untranscribed "cannot find 'ByteCountFormatter' in scope" \
        "value of type 'URL' has no member 'standardizedFileURL'" <<'SWIFT' || failed=1
import Foundation

func plantedUntranscribed(_ url: URL) -> (URL, ByteCountFormatter) {
    (url.standardizedFileURL, ByteCountFormatter())
}
SWIFT

    # The stubs of Apple's UI frameworks carry Apple's availability too, and a stub's "Platforms:"
    # line keeps its module away where Apple has none. SwiftUI API newer than the floor, used
    # without `@available` or `if #available`:
    plant NavigationStack "'NavigationStack' is only available in ${stack_floor[$platform]} or newer" <<'SWIFT' || failed=1
import SwiftUI

func plantedNavigationStack(path: Binding<[Int]>) -> some View {
    NavigationStack(path: path) { EmptyView() }
}
SWIFT

    plant OpenURL "'onOpenURL(perform:)' is only available in ${open_url_floor[$platform]} or newer" <<'SWIFT' || failed=1
import Foundation
import SwiftUI

func plantedOpenURL(_ view: EmptyView) -> some View {
    view.onOpenURL { _ in }
}
SWIFT

    # API that Apple marks unavailable on one platform, and a module Apple does not ship there.
    case "$platform" in
        tvos)
            plant NotificationResponse "'UNNotificationResponse' is unavailable in tvOS" <<'SWIFT' || failed=1
import UserNotifications

func plantedNotificationResponse(_ response: UNNotificationResponse) -> String {
    response.actionIdentifier
}
SWIFT
            ;;
        watchos)
            plant ViewController "'UIViewController' is unavailable in watchOS" <<'SWIFT' || failed=1
import UIKit

@MainActor
func plantedViewController() -> UIViewController {
    UIViewController()
}
SWIFT
            ;;
        macos)
            plant NoUIKit "no such module 'UIKit'" <<'SWIFT' || failed=1
import UIKit

@MainActor
func plantedWindow() -> UIWindow? { nil }
SWIFT
            ;;
        *) ;;
    esac

    # The crashes the package works around: the stubs declare what Apple declares, so the form that
    # crashes against Apple's SDK crashes against them too (check_compiler_crashes above).
    local name result
    while IFS=$'\t' read -r name result _; do
        [ "$result" = crashes ] && [ -f "scripts/compiler-crashes/$name/stub-crash.swift" ] || continue
        # A module name is an identifier: binding-isolation plants CompilerCrashBindingIsolation.
        plant "CompilerCrash$(sed -E 's/(^|-)([a-z])/\U\2/g' <<<"$name")" "fatal error encountered during compilation" \
            <"scripts/compiler-crashes/$name/stub-crash.swift" || failed=1
    done <"$cache/compiler-crashes"

    if [ "$failed" -eq 0 ]; then
        record self-test ok "$(seconds_since "$start")" ""
    else
        record self-test FAIL "$(seconds_since "$start")" "$work/logs/self-test.txt.failure"
    fi
}

# check_platform PLATFORM: everything for one platform; progress lines go to file descriptor 3.
check_platform() {
    platform=$1
    work="$cache/$platform"
    sdk="$work/sdk"
    results="$work/results"
    local start entry warm output
    # What became of each stub and target here: built, failed or absent.
    declare -gA module_state=()
    rm -rf "$work/modules" "$work/objects" "$work/logs" "$work/planted"
    mkdir -p "$work/modules" "$work/objects" "$work/logs"
    : >"$results"

    if [ ! -f "$sdk/SDKSettings.json" ]; then
        make_sdk "$platform" "$sdk" 2>"$work/logs/sdk.txt.failure" \
            || { record sdk FAIL "" "$work/logs/sdk.txt.failure"; echo done >>"$results"; return; }
    fi

    # Build (or find) the standard library first, so that its cost has its own row.
    start=$(now)
    warm=cached
    compgen -G "$work/module-cache/Swift-*.swiftmodule" >/dev/null || warm=built
    [ "$warm" = built ] && echo "[${platform_word[$platform]}] building the standard library from its interface" \
        "(once per toolchain and platform)" >&3
    output="$work/logs/stdlib.txt"
    printf 'public let plantedNothing = 0\n' >"$work/objects/stdlib.swift"
    if compile "$output" -c -parse-as-library -swift-version 6 -warnings-as-errors -module-name StandardLibrary \
        "$work/objects/stdlib.swift" -o "$work/objects/stdlib.o"; then
        record stdlib ok "$(seconds_since "$start")" "$warm"
    else
        cp "$output" "$output.failure"
        record stdlib FAIL "$(seconds_since "$start")" "$output.failure"
        echo done >>"$results"
        return
    fi

    build_stubs
    for entry in "${targets[@]}"; do
        check_target "${entry%%|*}" "${entry#*|}"
    done
    check_document_blocks
    self_test
    echo done >>"$results"
}

# MARK: - Compiler crashes the package works around

# Each folder of scripts/compiler-crashes/ holds a minimal reproducer of a compiler crash that the
# package's code avoids: crash.swift (the form that crashes), workaround.swift (the form the package
# writes instead) and the module they import (a .swiftinterface, as an SDK gives it), compiled for
# this machine: no Apple SDK is needed. The workaround must compile to object code. While the crash
# form still crashes, each platform's self-test requires the stubs to refuse it too (stub-crash.swift,
# the same code against the stubs), the proof that they declare what Apple declares; once a compiler
# no longer crashes, the check says so, and the workaround may go.
# Results: "NAME<TAB>crashes|fixed|FAIL<TAB>detail" lines in $cache/compiler-crashes.
check_compiler_crashes() {
    local folder name output status
    : >"$cache/compiler-crashes"
    for folder in scripts/compiler-crashes/*/; do
        [ -f "$folder/crash.swift" ] || continue
        name=$(basename "$folder")
        output="$cache/compiler-crash-$name"
        rm -rf "$output" && mkdir -p "$output"
        if ! "$swiftc" -c -parse-as-library -swift-version 6 -I "$folder" -module-cache-path "$output/module-cache" \
            -module-name Workaround "$folder/workaround.swift" -o "$output/workaround.o" >"$output/workaround.txt" 2>&1; then
            printf '%s\tFAIL\t%s\n' "$name" "the workaround does not compile: $(trim_crash <"$output/workaround.txt" | head -n 5)" \
                >>"$cache/compiler-crashes"
            continue
        fi
        status=0
        # In a subshell whose stderr is dropped: the shell's own "Aborted" line about the crash
        # would repeat what crash.txt says.
        (
            "$swiftc" -c -parse-as-library -swift-version 6 -I "$folder" -module-cache-path "$output/module-cache" \
                -module-name Crash "$folder/crash.swift" -o "$output/crash.o" >"$output/crash.txt" 2>&1
            exit $?
        ) 2>/dev/null || status=$?
        if [ "$status" -ne 0 ] && grep -q 'fatal error encountered during compilation\|^Stack dump:' "$output/crash.txt"; then
            printf '%s\tcrashes\t%s\n' "$name" "$(grep -m1 '^<unknown>:0: note:' "$output/crash.txt" || true)" >>"$cache/compiler-crashes"
        elif [ "$status" -eq 0 ]; then
            printf '%s\tfixed\t-\n' "$name" >>"$cache/compiler-crashes"
        else
            printf '%s\tFAIL\t%s\n' "$name" "the crash form fails without crashing: $(head -n 5 "$output/crash.txt")" \
                >>"$cache/compiler-crashes"
        fi
    done
}

# MARK: - Run

jobs=${APPLE_CHECK_JOBS:-$(nproc 2>/dev/null || echo 2)}
run_start=$SECONDS
echo "apple-check: $("$swiftc" --version 2>&1 | head -n 1)"
echo "apple-check: cache $cache; platforms ${platforms[*]}, $jobs at a time"
check_compiler_crashes
# The code blocks of the documents, written out once for every platform (check_document_blocks).
scripts/doc-blocks.sh "$cache/doc-blocks" >"$cache/doc-blocks.log" 2>&1 || rm -f "$cache/doc-blocks/units"
while IFS=$'\t' read -r name result detail; do
    case "$result" in
        crashes) echo "apple-check: $name: this compiler still crashes on scripts/compiler-crashes/$name/crash.swift ($detail); the workaround compiles, and the stubs must refuse the crash form" ;;
        fixed) echo "apple-check: $name: this compiler no longer crashes on scripts/compiler-crashes/$name/crash.swift: the package's workaround (scripts/compiler-crashes/$name/README.md) may go" ;;
        *) echo "apple-check: $name: $detail" >&2 ;;
    esac
done <"$cache/compiler-crashes"
for platform in "${platforms[@]}"; do
    while [ "$(jobs -rp | wc -l)" -ge "$jobs" ]; do wait -n || true; done
    mkdir -p "$cache/$platform"
    (check_platform "$platform") 3>&1 >"$cache/$platform/run.log" 2>&1 &
done
wait

# MARK: - Report

steps=(stdlib stubs)
for entry in "${targets[@]}"; do steps+=("${entry%%|*}"); done
steps+=(DocBlocks self-test)

status=0
echo
printf '%-20s' "seconds"
for platform in "${platforms[@]}"; do printf '%-16s' "${platform_title[$platform]}"; done
echo
for step in "${steps[@]}"; do
    printf '%-20s' "$step"
    for platform in "${platforms[@]}"; do
        line=$(grep "^$step${tab}" "$cache/$platform/results" 2>/dev/null | head -n 1 || true)
        IFS=$'\t' read -r _ result seconds detail <<<"$line"
        case "${result:-}" in
            ok) cell=$seconds; [ "$step" = stdlib ] && cell+=" ($detail)" ;;
            FAIL) cell="FAIL ${seconds}" ;;
            skip) cell="-" ;;
            *) cell="" ;;
        esac
        printf '%-16s' "$cell"
    done
    echo
done

# Notes once each (most hold for every platform), then every failure in full.
notes=$(for platform in "${platforms[@]}"; do
    grep "^note${tab}" "$cache/$platform/results" 2>/dev/null | cut -f2- || true
done | awk '!seen[$0]++')
if [ -n "$notes" ]; then
    echo
    sed 's/^/note: /' <<<"$notes"
fi
for platform in "${platforms[@]}"; do
    results="$cache/$platform/results"
    if ! grep -qx done "$results" 2>/dev/null; then
        echo
        echo "FAIL: the ${platform_word[$platform]} run stopped before its end; its log, $cache/$platform/run.log:" >&2
        cat "$cache/$platform/run.log" >&2
        status=1
    fi
    while IFS=$'\t' read -r step result _ detail; do
        [ "$result" = FAIL ] || continue
        status=1
        echo >&2
        echo "FAIL: $step for ${triple[$platform]}" >&2
        [ -f "$detail" ] && cat "$detail" >&2
    done < <(grep -v "^note${tab}" "$results" 2>/dev/null || true)
done

if grep -q "${tab}FAIL${tab}" "$cache/compiler-crashes"; then
    echo >&2
    echo "FAIL: a workaround in scripts/compiler-crashes does not hold (above)" >&2
    status=1
fi

echo
if [ "$status" -ne 0 ]; then
    echo "apple-check FAILED in $((SECONDS - run_start)) s" >&2
    exit 1
fi
echo "apple-check passed in $((SECONDS - run_start)) s: the package compiles for ${platforms[*]}, and every planted violation was rejected"
