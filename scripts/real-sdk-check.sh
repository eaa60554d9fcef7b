#!/usr/bin/env bash
# real-sdk-check.sh: compiles the package's library targets against REAL Apple SDKs (Apple's own
# Swift interfaces and Objective-C headers of Swift, Foundation, UIKit, SwiftUI, …) on Linux, with
# the Linux Swift toolchain and no Mac.
#
#   scripts/real-sdk-check.sh [PLATFORM…] [options]      (from the root of a checkout)
#
#   PLATFORM               ios, macos or tvos (default: each one whose SDK is installed; iOS first)
#   --deployment-target [PLATFORM=]V
#                          the deployment target (default: Package.swift's iOS 13.0, macOS 10.15,
#                          tvOS 13.0); without PLATFORM=, for every platform checked
#   --allow-warnings       exit 0 on warnings without errors (default: a warning fails, as CI's
#                          -warnings-as-errors does)
#   --no-self-test         skip the planted violations
#   --codegen              also generate object code (`swiftc -c`), as an app's build does
#   --also NAME=FOLDER     after the steps below, also compile FOLDER's .swift files as module NAME,
#                          seeing every module built before it (repeatable, in order): another
#                          library target, an example app's sources
#   --install-sdk PLATFORM GITDIR [COMMIT]
#                          (re)create that platform's SDK (where SDKs live, below) from a git copy of the
#                          repository named below, then exit
#
# Steps, per platform, in dependency order; each is one `swiftc -emit-module -wmo` (type checking,
# then the SIL diagnostic passes: definite initialization, region-based isolation, …; no code
# generation unless --codegen):
#   Sources/DispatchKit                      module DispatchKit
#   Sources/DispatchKitRules                 module DispatchKitRules (imports DispatchKit)
#   Sources/DispatchKitManifest              module DispatchKitManifest (imports DispatchKit and
#                                            DispatchKitRules; an app's test target imports it)
#   Sources/DispatchKitUI                    module DispatchKitUI (imports DispatchKit)
#   Sources/DispatchKitSwiftUI               module DispatchKitSwiftUI (imports DispatchKit and
#                                            DispatchKitUI)
#   Sources/DispatchKitServices              module DispatchKitServices (imports DispatchKit)
#   Sources/DispatchKitEvents                module DispatchKitEvents (imports DispatchKit)
#   Sources/DispatchKitAsync                 module DispatchKitAsync (imports DispatchKit)
#   Tests/DocumentationExamples/InAnIOSApp   module InAnIOSAppExamples (imports the others but DispatchKitAsync,
#                                            which has no public type), if present
#   the code blocks of the README and the DocC articles that import UIKit or SwiftUI, for iOS
#   only: scripts/doc-blocks.sh writes them out, and each unit (a block and the blocks that
#   continue it) is a module of its own, Doc_<document>_<line>, compiled as an app's code (no
#   -package-name: the public API only)
# with the package's settings (Swift 6 mode, ExistentialAny, MemberImportVisibility) and what a
# debug `swift build` adds (-DSWIFT_PACKAGE -DDEBUG). Then a self-test: planted violations that
# Apple's declarations must reject (availability, actor isolation, unavailability, a missing
# member, a data race), and real API absent from the hand-written stubs (scripts/apple-stubs)
# that they must accept. Every diagnostic is printed with file:line:col; exit status 1 on any
# error (or warning, unless --allow-warnings), or if the self-test fails; 3 when no SDK is
# installed at all (nothing was checked: CI on a fresh machine can say so and go on).
#
# The SDKs live in $REAL_SDK_HOME, else in the checkout's .sdk/ if there is one (keep .sdk/ in
# .gitignore), else in ~/.cache/dispatchkit-sdk (the default: a CI run of a fresh clone on the same
# machine finds them there), each reduced to what these steps read
# (sdk_paths and the platform's frameworks below, without .tbd, .swiftdoc and libc++'s headers);
# SOURCE-<platform> there records the repository, commit and tree. They come from public
# repositories that hold copies of Xcode's SDKs:
#   ios    iPhoneOS26.2.sdk   (Xcode 26.2, Swift 6.2.3; arm64e only)   github.com/seayou2468-web/maciOS
#   macos  MacOSX15.5.sdk     (Xcode 16.4, Swift 6.1.2)                github.com/seayou2468-web/maciOS
#   tvos   AppleTVOS18.0.sdk  (Xcode 16.0, Swift 6.0)                  github.com/warmenhoven/tvOS-SDKs
# To create one: get a git copy of its repository (a bare one will do: GITDIR below), then
#   scripts/real-sdk-check.sh --install-sdk ios GITDIR
# (about 36 MB for iOS). Any other SDK folder of the platform (copied from a Mac's Xcode, say)
# works too: REAL_SDK_IOS=/path/to/iPhoneOS.sdk (REAL_SDK_MACOS, REAL_SDK_TVOS) overrides.
# A compiler much newer or older than an SDK may refuse its interfaces ("this SDK is not supported
# by the compiler"); Swift 6.3.1 reads these three.
#
# Repairs, none of which changes a declaration: the Linux toolchain's resource folder is replaced
# by one without its Linux os/, dispatch/, Block/ and CoreFoundation/ headers (they shadow the
# SDK's); the macOS copy lost its framework symlinks (Headers -> Versions/Current/Headers, …),
# which --install-sdk restores; and Xcode 16.0 kept os.apinotes (the Swift names of os_log & co.)
# in its toolchain, not in the tvOS 18.0 SDK, so the tvOS run borrows the identical file of the
# macOS 15.5 or iOS 26.2 SDK.
#
# Limits: nothing is linked or run; the SDK versions are fixed (older SDKs' extra deprecations or
# missing API show only with those SDKs); iOS is checked for arm64e, the only slice the repository
# kept; no watchOS SDK was found. Swift 6.3.1 crashes in IRGen on closures marked `@MainActor`
# passed to SwiftUI's Binding(get:set:), whose real parameters are `@_inheritActorContext
# @isolated(any) @Sendable`: DispatchKitUI avoids the form (scripts/compiler-crashes/), and only
# --codegen would show it.
#
# The first run of a platform builds Swift, Foundation, UIKit, SwiftUI, … from its SDK into
# cache/<key>/ there (2 to 4 minutes and about 150 MB per platform on a 2-core machine); later runs
# reuse it (about 12 s per platform). The key changes with the compiler, the SDK and the target.
set -euo pipefail

here=$(cd "$(dirname "$0")/.." && pwd)
# Where the SDKs are: $REAL_SDK_HOME, else the checkout's .sdk/ if it exists, else the user's cache
# folder, which a CI run on the same machine (a fresh clone elsewhere) also finds.
if [ -n "${REAL_SDK_HOME:-}" ]; then
    sdk_home=$REAL_SDK_HOME
elif [ -d "$PWD/.sdk" ]; then
    sdk_home=$PWD/.sdk
else
    sdk_home=${XDG_CACHE_HOME:-$HOME/.cache}/dispatchkit-sdk
fi

all_platforms=(ios macos tvos)
declare -A sdk_folder=([ios]=iPhoneOS26.2.sdk [macos]=MacOSX15.5.sdk [tvos]=AppleTVOS18.0.sdk)
declare -A sdk_repository=(
    [ios]=github.com/seayou2468-web/maciOS [macos]=github.com/seayou2468-web/maciOS
    [tvos]=github.com/warmenhoven/tvOS-SDKs)
declare -A default_deployment=([ios]=13.0 [macos]=10.15 [tvos]=13.0)
declare -A platform_word=([ios]=iOS [macos]=macOS [tvos]=tvOS)
# The interfaces a platform's SDK may hold, in order of preference, and the triple each gives.
declare -A interface_candidates=(
    [ios]="arm64-apple-ios arm64e-apple-ios arm64-apple-ios-simulator x86_64-apple-ios-simulator"
    [macos]="arm64-apple-macos x86_64-apple-macos arm64e-apple-macos"
    [tvos]="arm64-apple-tvos arm64e-apple-tvos arm64-apple-tvos-simulator x86_64-apple-tvos-simulator")

# What --install-sdk extracts: the SDK's settings, the C headers (less libc++'s) and the Swift
# overlays of usr/, and the frameworks that Foundation, UIKit, SwiftUI and UserNotifications import,
# directly or not, on that platform (found by tracing which files a first run opens).
sdk_paths=(
    SDKSettings.json SDKSettings.plist System/Library/CoreServices/SystemVersion.plist
    usr/include usr/lib/swift
)
declare -A sdk_frameworks=(
    [ios]="Accessibility CFNetwork CloudKit Combine CoreData CoreFoundation CoreGraphics CoreImage
        CoreText CoreTransferable CoreVideo DataDetection DeveloperToolsSupport FileProvider
        Foundation IOSurface ImageIO Metal OSLog OpenGLES QuartzCore Security SwiftUI SwiftUICore
        Symbols UIKit UniformTypeIdentifiers UserNotifications
        SubFrameworks/UIUtilities"
    [macos]="Accessibility AppKit ApplicationServices CFNetwork ColorSync Combine CoreData
        CoreFoundation CoreGraphics CoreImage CoreServices CoreText CoreTransferable CoreVideo
        DataDetection DeveloperToolsSupport DiskArbitration Foundation IOKit IOSurface ImageIO Metal
        OSLog OpenGL QuartzCore Security SwiftUI SwiftUICore Symbols UniformTypeIdentifiers
        UserNotifications"
    [tvos]="Accessibility CFNetwork Combine CoreData CoreFoundation CoreGraphics CoreImage CoreText
        CoreTransferable CoreVideo DataDetection DeveloperToolsSupport Foundation IOSurface ImageIO
        Metal OSLog OpenGLES QuartzCore Security SwiftUI SwiftUICore Symbols UIKit
        UniformTypeIdentifiers UserNotifications")

usage() {
    sed -n '2,21p' "$0" | sed 's/^# \{0,1\}//'
    exit 2
}

# MARK: - --install-sdk

# restore_framework_links SDK: a copy that lost its symlinks has Foo.framework/Versions/A/Headers
# but no Foo.framework/Headers; clang needs the latter.
restore_framework_links() {
    local framework version entry count=0
    while IFS= read -r -d '' framework; do
        [ -d "$framework/Versions" ] || continue
        version=$(find "$framework/Versions" -mindepth 1 -maxdepth 1 -type d ! -name Current -printf '%f\n' | head -n 1)
        [ -n "$version" ] || continue
        [ -e "$framework/Versions/Current" ] || ln -s "$version" "$framework/Versions/Current"
        for entry in "$framework/Versions/$version"/*; do
            [ -e "$entry" ] || continue
            if [ ! -e "$framework/$(basename "$entry")" ]; then
                ln -s "Versions/Current/$(basename "$entry")" "$framework/$(basename "$entry")"
                count=$((count + 1))
            fi
        done
    done < <(find "$1" -type d -name '*.framework' -print0)
    [ "$count" -eq 0 ] || echo "real-sdk-check: restored $count framework links"
}

install_sdk() { # PLATFORM GITDIR [COMMIT]
    local platform=$1 gitdir=$2 commit=${3:-HEAD} folder staging path framework specs=()
    folder=${sdk_folder[$platform]}
    git --git-dir "$gitdir" rev-parse --verify -q "$commit:$folder" >/dev/null \
        || { echo "real-sdk-check: $gitdir has no $folder at $commit" >&2; exit 1; }
    local paths=("${sdk_paths[@]}")
    for framework in ${sdk_frameworks[$platform]}; do
        case "$framework" in
            */*) paths+=("System/Library/$framework.framework") ;;
            *) paths+=("System/Library/Frameworks/$framework.framework") ;;
        esac
    done
    for path in "${paths[@]}"; do
        # Only the paths this commit has (a framework may be missing from an SDK version).
        git --git-dir "$gitdir" rev-parse --verify -q "$commit:$folder/$path" >/dev/null \
            && specs+=("$folder/$path")
    done
    mkdir -p "$sdk_home"
    staging=$(mktemp -d "$sdk_home/.install.XXXXXX")
    # Link stubs (.tbd) and documentation (.swiftdoc) are not read; a repository snapshot may lack
    # files of 4 MiB and more, which are all of those kinds.
    if ! git --git-dir "$gitdir" archive --format=tar "$commit" -- "${specs[@]}" \
        ':(exclude,glob)**/*.tbd' ':(exclude,glob)**/*.swiftdoc' ":(exclude)$folder/usr/include/c++" \
        2>"$staging/git.err" | tar -x -C "$staging" \
        || ! compgen -G "$staging/$folder/usr/lib/swift/Swift.swiftmodule/*.swiftinterface" >/dev/null; then
        cat "$staging/git.err" >&2
        echo "real-sdk-check: the extraction failed" >&2
        rm -rf "$staging"
        exit 1
    fi
    restore_framework_links "$staging/$folder"
    rm -rf "${sdk_home:?}/$folder"
    mv "$staging/$folder" "$sdk_home/$folder"
    {
        echo "repository: ${sdk_repository[$platform]}"
        echo "commit: $(git --git-dir "$gitdir" rev-parse "$commit")"
        echo "folder: $folder (tree $(git --git-dir "$gitdir" rev-parse "$commit:$folder"))"
        echo "extracted: ${paths[*]} (without *.tbd, *.swiftdoc, usr/include/c++)"
    } >"$sdk_home/SOURCE-$platform"
    rm -rf "$staging"
    echo "real-sdk-check: installed $sdk_home/$folder ($(du -sh "$sdk_home/$folder" | cut -f1))"
}

# MARK: - Options

platforms=()
declare -A deployment=()
allow_warnings=0
self_test=1
codegen=0
also=()
deployment_all=""
while [ $# -gt 0 ]; do
    case "$1" in
        ios | macos | tvos) platforms+=("$1"); shift ;;
        --deployment-target)
            [ $# -ge 2 ] || usage
            case "$2" in
                ios=* | macos=* | tvos=*) deployment[${2%%=*}]=${2#*=} ;;
                [0-9]*) deployment_all=$2 ;;
                *) usage ;;
            esac
            shift 2
            ;;
        --allow-warnings) allow_warnings=1; shift ;;
        --no-self-test) self_test=0; shift ;;
        --codegen) codegen=1; shift ;;
        --also)
            [ $# -ge 2 ] && [[ "$2" == ?*=?* ]] || usage
            also+=("$2"); shift 2
            ;;
        --install-sdk)
            [ $# -ge 3 ] && [ -n "${sdk_folder[$2]:-}" ] || usage
            install_sdk "$2" "$3" "${4:-HEAD}"
            exit 0
            ;;
        *) usage ;;
    esac
done

sdk_of() { # PLATFORM
    local variable="REAL_SDK_${1^^}"
    echo "${!variable:-$sdk_home/${sdk_folder[$1]}}"
}

if [ "${#platforms[@]}" -eq 0 ]; then
    for platform in "${all_platforms[@]}"; do
        [ -d "$(sdk_of "$platform")/usr/lib/swift/Swift.swiftmodule" ] && platforms+=("$platform")
    done
    if [ "${#platforms[@]}" -eq 0 ]; then
        echo "real-sdk-check: no SDK is installed in $sdk_home (nothing checked; exit 3)." >&2
        sed -n '/^# The SDKs live/,/^# by the compiler/p' "$0" | sed 's/^# \{0,1\}//' >&2
        exit 3
    fi
fi
for platform in "${platforms[@]}"; do
    deployment[$platform]=${deployment[$platform]:-${deployment_all:-${default_deployment[$platform]}}}
done

# MARK: - Toolchain

swift_path=$(command -v swiftc) || { echo "real-sdk-check: swiftc is not on PATH" >&2; exit 1; }
toolchain_lib=$(dirname "$(dirname "$(readlink -f "$swift_path")")")/lib
compiler=$(swiftc --version 2>&1 | head -n 1)

work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

package_flags=(
    -swift-version 6 -enable-upcoming-feature ExistentialAny -enable-upcoming-feature MemberImportVisibility
    -package-name DispatchKit -DSWIFT_PACKAGE -DDEBUG
)
# The documents' blocks are a reader's app, which sees the public API only.
document_flags=()
for flag in "${package_flags[@]}"; do
    case "$flag" in -package-name | DispatchKit) ;; *) document_flags+=("$flag") ;; esac
done

# The code blocks of the documents, written out once; the Apple ones are compiled for iOS.
document_units=()
if "$here/scripts/doc-blocks.sh" "$work/doc-blocks" >"$work/doc-blocks.log" 2>&1; then
    while IFS=$'\t' read -r name kind places; do
        [ "$kind" = apple ] && document_units+=("$name")
    done <"$work/doc-blocks/units"
fi

now() { date +%s.%N; }
elapsed() { awk -v start="$1" -v end="$(now)" 'BEGIN { printf "%.1f", end - start }'; }

total_errors=0
total_warnings=0
failures=()

# MARK: - One platform

# report NAME LOG STATUS SECONDS: prints the compiler's diagnostics (each with file:line:col, its
# source line and notes) and counts errors and warnings.
report() {
    local name=$1 log=$2 status=$3 seconds=$4 e w
    e=$(grep -cE '^[^ ]+:[0-9]+:[0-9]+: error: |^<unknown>:[0-9]+: error: |^error: ' "$log" || true)
    w=$(grep -cE '^[^ ]+:[0-9]+:[0-9]+: warning: ' "$log" || true)
    # An exit status without a diagnostic (a crash, a missing file) is still an error.
    [ "$status" -ne 0 ] && [ "$e" -eq 0 ] && e=1
    total_errors=$((total_errors + e))
    total_warnings=$((total_warnings + w))
    printf '%-22s %6ss  %s error(s), %s warning(s)\n' "$name" "$seconds" "$e" "$w"
    if grep -q '^Stack dump:' "$log"; then
        # A compiler crash: its message and what it was doing, not the backtrace.
        { sed -n '1,/^Stack dump:/p' "$log" | sed '$d'; grep -E '^[0-9]+\.[[:space:]]+While ' "$log"; } | sed 's/^/    /'
    elif [ -s "$log" ]; then
        sed 's/^/    /' "$log"
    fi
    if [ "$e" -gt 0 ] || [ "$w" -gt 0 ]; then failures+=("$name for ${platform_word[$platform]}"); fi
    if grep -q 'this SDK is not supported by the compiler' "$log"; then
        echo "    (the compiler cannot read this SDK's interfaces: use an SDK written by a Swift close to $compiler)"
    fi
    return 0
}

# step NAME FOLDER [public]: compiles the .swift files under FOLDER as module NAME, seeing the
# modules built before it on this platform; with `public`, as a client of the package (no
# -package-name).
step() {
    local name=$1 folder=$2 sources=() start status=0 mode=(-emit-module) flags=("${package_flags[@]}")
    [ "${3:-}" != public ] || flags=("${document_flags[@]}")
    if [ -d "$folder" ]; then
        mapfile -d '' sources < <(find "$folder" -name '*.swift' -type f -print0 | sort -z)
    fi
    if [ "${#sources[@]}" -eq 0 ]; then
        printf '%-22s skipped: %s has no .swift files\n' "$name" "$folder"
        return 0
    fi
    start=$(now)
    [ "$codegen" -eq 0 ] || mode=(-c -emit-module -o "$work/$platform-$name.o")
    swiftc "${mode[@]}" -wmo -parse-as-library "${sdk_flags[@]}" "${flags[@]}" \
        -module-name "$name" -I "$modules" -emit-module-path "$modules/$name.swiftmodule" \
        "${sources[@]}" >"$work/$platform-$name.log" 2>&1 || status=$?
    report "$name" "$work/$platform-$name.log" "$status" "$(elapsed "$start")"
    [ "$status" -eq 0 ] && built[$name]=1
    return 0
}

# plant KIND NAME: compiles $work/$platform-planted/NAME.swift; KIND reject: it must fail with every
# expected message (the remaining arguments); KIND accept: it must compile without a diagnostic.
plant() {
    local kind=$1 name=$2 log status=0 expected
    shift 2
    log="$work/$platform-planted/$name.log"
    # -emit-module, as the steps: the SIL diagnostic passes run too.
    swiftc -emit-module -parse-as-library "${sdk_flags[@]}" "${package_flags[@]}" -module-name "Planted$name" \
        -emit-module-path "$work/$platform-planted/$name.swiftmodule" "$work/$platform-planted/$name.swift" \
        >"$log" 2>&1 || status=$?
    if [ "$kind" = reject ]; then
        [ "$status" -ne 0 ] || self_test_failures+=("the planted $name compiled")
        for expected in "$@"; do
            grep -qF -- "$expected" "$log" || self_test_failures+=("no \"$expected\" for the planted $name")
        done
    elif [ "$status" -ne 0 ] || grep -qE ': (error|warning): ' "$log"; then
        self_test_failures+=("real API ($name) was not accepted: $(grep -E ': (error|warning): ' "$log" | head -n 3)")
    fi
    if [ "${#self_test_failures[@]}" -gt "$reported_failures" ]; then
        self_test_failures+=("-- $name.swift:" "$(cat "$work/$platform-planted/$name.swift")" "-- compiler output:" "$(cat "$log")")
    fi
    reported_failures=${#self_test_failures[@]}
}

# The proof that the check bites: with the same SDK, flags and deployment target, Apple's
# declarations must reject each planted violation with the expected message, and accept real API
# that the hand-written stubs do not declare.
run_self_test() {
    local word=${platform_word[$platform]} major=${deployment[$platform]%%.*} start checks=0
    local -A stack_floor=([ios]=16 [macos]=13 [tvos]=16)
    local -A key_window_floor=([ios]=15 [tvos]=15)
    self_test_failures=()
    reported_failures=0
    mkdir -p "$work/$platform-planted"
    start=$(now)

    # Availability newer than the deployment target: SwiftUI's interface and the standard library.
    if [ "$major" -lt "${stack_floor[$platform]}" ]; then
        cat >"$work/$platform-planted/Availability.swift" <<'SWIFT'
import SwiftUI

func plantedNavigationStack(path: Binding<[Int]>) -> some View {
    NavigationStack(path: path) { EmptyView() }
}

func plantedSleep() async throws {
    try await Task.sleep(for: .seconds(1))
}
SWIFT
        plant reject Availability \
            "'NavigationStack' is only available in $word ${stack_floor[$platform]}.0 or newer" \
            "'sleep(for:tolerance:clock:)' is only available in $word ${stack_floor[$platform]}.0 or newer"
        checks=$((checks + 2))
    fi

    case "$platform" in
        ios | tvos)
            # UIKit's Objective-C headers: availability (API_AVAILABLE(ios(15.0))), the main actor
            # (NS_SWIFT_UI_ACTOR), and a member UIKit does not have.
            cat >"$work/$platform-planted/UIKit.swift" <<'SWIFT'
import UIKit

@MainActor
func plantedKeyWindow(_ scene: UIWindowScene) -> UIWindow? {
    scene.keyWindow
}

func plantedIsolation() -> UIWindow {
    UIWindow()
}

@MainActor
func plantedMissing(_ scene: UIWindowScene) -> Bool {
    scene.isKeyWindowScene
}
SWIFT
            local -a expected=("main actor-isolated initializer 'init()'" "'isKeyWindowScene'")
            [ "$major" -lt "${key_window_floor[$platform]}" ] \
                && expected+=("'keyWindow' is only available in $word ${key_window_floor[$platform]}.0 or newer")
            plant reject UIKit "${expected[@]}"
            checks=$((checks + ${#expected[@]}))
            cat >"$work/$platform-planted/RealUIKit.swift" <<'SWIFT'
import UIKit

@MainActor
func realScenes() -> Int {
    UIApplication.shared.connectedScenes.count
}
SWIFT
            plant accept RealUIKit
            ;;
        macos)
            printf 'import UIKit\n' >"$work/$platform-planted/NoUIKit.swift"
            plant reject NoUIKit "no such module 'UIKit'"
            checks=$((checks + 1))
            ;;
    esac
    if [ "$platform" = tvos ]; then
        cat >"$work/$platform-planted/Unavailable.swift" <<'SWIFT'
import UserNotifications

func plantedNotificationResponse(_ response: UNNotificationResponse) -> String {
    response.actionIdentifier
}
SWIFT
        plant reject Unavailable "'UNNotificationResponse' is unavailable in tvOS"
        checks=$((checks + 1))
    fi

    # A data race that only the SIL passes see (region-based isolation): proves the steps run them.
    cat >"$work/$platform-planted/Region.swift" <<'SWIFT'
final class Counter {
    var value = 0
}

@MainActor
func show(_ counter: Counter) {}

func plantedRace() async {
    let counter = Counter()
    await show(counter)
    counter.value += 1
}
SWIFT
    plant reject Region "sending 'counter' risks causing data races"
    checks=$((checks + 1))

    # Real Foundation API that scripts/apple-stubs lacks (its self-test plants it as untranscribed).
    cat >"$work/$platform-planted/RealFoundation.swift" <<'SWIFT'
import Foundation

func realStandardized(_ url: URL) -> (URL, ByteCountFormatter) {
    (url.standardizedFileURL, ByteCountFormatter())
}
SWIFT
    plant accept RealFoundation

    if [ "${#self_test_failures[@]}" -eq 0 ]; then
        printf '%-22s %6ss  %s planted violations rejected as expected, real API accepted\n' \
            self-test "$(elapsed "$start")" "$checks"
    else
        printf '%-22s %6ss  FAILED\n' self-test "$(elapsed "$start")"
        printf '%s\n' "${self_test_failures[@]}" | sed 's/^/    /'
        failures+=("self-test for $word")
    fi
}

check_platform() { # PLATFORM
    local sdk key cache resource donor candidate interface_target="" sdk_version
    platform=$1
    sdk=$(sdk_of "$platform")
    echo "== ${platform_word[$platform]} ${deployment[$platform]}"
    if [ ! -d "$sdk/usr/lib/swift/Swift.swiftmodule" ]; then
        echo "no ${platform_word[$platform]} SDK at $sdk: see the top of $0 to install it"
        failures+=("${platform_word[$platform]} (no SDK)")
        echo
        return 0
    fi
    for candidate in ${interface_candidates[$platform]}; do
        if [ -f "$sdk/usr/lib/swift/Swift.swiftmodule/$candidate.swiftinterface" ]; then
            case "$candidate" in
                *-simulator) interface_target="${candidate%-simulator}${deployment[$platform]}-simulator" ;;
                *-macos) interface_target="${candidate%-macos}-macosx${deployment[$platform]}" ;;
                *) interface_target="$candidate${deployment[$platform]}" ;;
            esac
            break
        fi
    done
    if [ -z "$interface_target" ]; then
        echo "$sdk has no ${platform_word[$platform]} interface of the Swift standard library"
        failures+=("${platform_word[$platform]} (no interface)")
        echo
        return 0
    fi
    sdk_version=$(sed -n 's/.*"Version":"\([0-9.]*\)".*/\1/p' "$sdk/SDKSettings.json" 2>/dev/null | head -n 1)
    # An SDK of Xcode 16.0 (tvOS 18.0) lacks os.apinotes, which that Xcode kept in its toolchain:
    # borrow the identical one of a later SDK. (Part of the key: the cached modules depend on it.)
    donor=""
    if [ ! -f "$sdk/usr/include/os.apinotes" ]; then
        for candidate in "${all_platforms[@]}"; do
            if [ -f "$(sdk_of "$candidate")/usr/include/os.apinotes" ]; then
                donor="$(sdk_of "$candidate")/usr/include/os.apinotes"
                break
            fi
        done
        [ -n "$donor" ] \
            || echo "note: no os.apinotes for this SDK (install the iOS or macOS SDK too): modules that import os (SwiftUI) will fail"
    fi
    key=$( (echo "$compiler"; echo "$sdk $sdk_version $interface_target"; [ -z "$donor" ] || cat "$donor") \
        | sha1sum | cut -c1-12)
    cache=${REAL_SDK_CACHE:-$sdk_home/cache}/$key
    mkdir -p "$cache/module-cache"

    # A resource folder without the Linux toolchain's own headers: its lib/swift holds Linux copies
    # of os/, dispatch/, Block/ and CoreFoundation/, which would shadow the SDK's <os/object.h> & co.
    # Kept: clang's builtin headers, the macro plugins, and the SDK's SwiftShims.
    resource="$cache/resource-dir"
    mkdir -p "$resource/apinotes"
    ln -sfn "$(readlink -f "$toolchain_lib/swift/clang")" "$resource/clang"
    ln -sfn "$toolchain_lib/swift/host" "$resource/host"
    ln -sfn "$sdk/usr/lib/swift/shims" "$resource/shims"
    [ -z "$donor" ] || cp "$donor" "$resource/apinotes/os.apinotes"

    sdk_flags=(
        -target "$interface_target" -sdk "$sdk" -resource-dir "$resource" -I "$sdk/usr/lib/swift/shims"
        -module-cache-path "$cache/module-cache" -diagnostic-style llvm -Onone
    )
    modules="$work/$platform-modules"
    mkdir -p "$modules"
    declare -gA built=()
    echo "SDK $sdk ($sdk_version), target $interface_target"
    [ -n "$(ls -A "$cache/module-cache")" ] \
        || echo "first run with this compiler and SDK: building the SDK's modules (a few minutes)"

    step DispatchKit Sources/DispatchKit
    if [ -n "${built[DispatchKit]:-}" ]; then
        step DispatchKitRules Sources/DispatchKitRules
        if [ -n "${built[DispatchKitRules]:-}" ]; then
            step DispatchKitManifest Sources/DispatchKitManifest
        else
            printf '%-22s not compiled: DispatchKitRules failed\n' DispatchKitManifest
        fi
        step DispatchKitUI Sources/DispatchKitUI
        if [ -n "${built[DispatchKitUI]:-}" ]; then
            step DispatchKitSwiftUI Sources/DispatchKitSwiftUI
        else
            printf '%-22s not compiled: DispatchKitUI failed\n' DispatchKitSwiftUI
        fi
        step DispatchKitServices Sources/DispatchKitServices
        step DispatchKitEvents Sources/DispatchKitEvents
        step DispatchKitAsync Sources/DispatchKitAsync
    else
        printf '%-22s not compiled: DispatchKit failed\n' DispatchKitRules DispatchKitManifest DispatchKitUI \
            DispatchKitSwiftUI DispatchKitServices DispatchKitEvents DispatchKitAsync
    fi
    if [ -d Tests/DocumentationExamples/InAnIOSApp ]; then
        if [ -n "${built[DispatchKitUI]:-}" ] && [ -n "${built[DispatchKitManifest]:-}" ] \
            && [ -n "${built[DispatchKitEvents]:-}" ] && [ -n "${built[DispatchKitSwiftUI]:-}" ]; then
            step InAnIOSAppExamples Tests/DocumentationExamples/InAnIOSApp
        else
            printf '%-22s not compiled: DispatchKitUI, DispatchKitSwiftUI, DispatchKitManifest or DispatchKitEvents failed\n' \
                InAnIOSAppExamples
        fi
    fi
    if [ "$platform" = ios ]; then
        if [ "${#document_units[@]}" -eq 0 ]; then
            printf '%-22s FAILED: no unit imports UIKit or SwiftUI\n' DocBlocks
            sed 's/^/    /' "$work/doc-blocks.log"
            total_errors=$((total_errors + 1))
            failures+=("the documents' code blocks")
        elif [ -n "${built[DispatchKitUI]:-}" ] && [ -n "${built[DispatchKitSwiftUI]:-}" ]; then
            for name in "${document_units[@]}"; do
                step "$name" "$work/doc-blocks/$name" public
            done
        else
            printf '%-22s not compiled: DispatchKitUI or DispatchKitSwiftUI failed\n' DocBlocks
        fi
    fi
    for extra in "${also[@]}"; do
        step "${extra%%=*}" "${extra#*=}"
    done
    [ "$self_test" -eq 0 ] || run_self_test
    echo
}

# MARK: - Run

echo "real-sdk-check: $compiler; platforms ${platforms[*]}"
echo
start_all=$(now)
for platform in "${platforms[@]}"; do
    check_platform "$platform"
done

summary="$total_errors error(s), $total_warnings warning(s) for ${platforms[*]} in $(elapsed "$start_all") s"
status=0
[ "$total_errors" -gt 0 ] && status=1
[ "$total_warnings" -gt 0 ] && [ "$allow_warnings" -eq 0 ] && status=1
for failure in "${failures[@]+"${failures[@]}"}"; do
    case "$failure" in
        self-test* | *"(no SDK)" | *"(no interface)") status=1 ;;
    esac
done
if [ "$status" -ne 0 ]; then
    joined=$(printf '%s; ' "${failures[@]+"${failures[@]}"}")
    echo "real-sdk-check FAILED: $summary${joined:+ (${joined%; })}" >&2
    exit 1
fi
echo "real-sdk-check passed: $summary"
