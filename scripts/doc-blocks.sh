#!/usr/bin/env bash
# Writes out the Swift code blocks of the README and the DocC articles as the files a reader would
# paste them into, so that the compiler can check each one as it is shown:
#
#   scripts/doc-blocks.sh OUTPUT [DOCUMENT…]     (default: README.md and the catalogs' articles)
#
# Used by the tests (Tests/DocumentationExamples/DocumentBlocksTests.swift compiles the units on
# Linux) and by scripts/apple-check.sh and scripts/real-sdk-check.sh (they compile the units that
# import an Apple framework, for iOS). The blocks are read from the documents themselves: there is
# no copy to keep in step.
#
# A unit is one ```swift block, together with the blocks that continue it. A block continues the
# Swift block above it in the same document when the line right before its opening fence is
#
#   <!-- continues the block above -->
#
# an HTML comment, which GitHub and DocC both leave out of the page (so the prose around the block
# says it to the reader). Every other block stands alone: it shows its own imports, and declares,
# or takes as a parameter, every name it uses.
#
# Not compiled, as they are not Swift a user runs in an app: a package manifest (a block whose
# first line starts with `// swift-tools-version:`) and, in MigratingFromOtherRouters.md, another
# router's code (a block whose first line starts with `// Before, with `). A block whose info
# string does not start with the word swift (```sh, ```json, a bare ```) is not Swift.
#
# OUTPUT (created, and emptied first) receives, for each unit:
#   OUTPUT/NAME/NAME.swift   the unit's code: each block preceded by a #sourceLocation line
#                            naming its document and line, so that the compiler's messages point
#                            into the document. NAME is an identifier (Doc_README_28: the
#                            document and the line of the unit's first fence).
# and OUTPUT/units, one line per unit: NAME<TAB>KIND<TAB>PLACES, where KIND is `apple` when the
# unit imports a framework only Apple platforms have (UIKit, SwiftUI, …) and `portable` otherwise,
# and PLACES lists the lines of its blocks' opening fences, `README.md:28 README.md:40`; and
# OUTPUT/excluded, the places of the blocks left out, one a line.
# A mistake in the documents — a continuation without a block above, a comment that looks like
# the marker but is not, a block never closed — is printed as DOCUMENT:LINE: MESSAGE, and the
# exit status is 1.
set -euo pipefail
cd "$(dirname "$0")/.."

[ "$#" -ge 1 ] || { sed -n '2,7p' "$0" | sed 's/^# \{0,1\}//' >&2; exit 2; }
output=$1
shift
documents=("$@")
if [ "${#documents[@]}" -eq 0 ]; then
    documents=(README.md)
    while IFS= read -r -d '' article; do
        documents+=("$article")
    done < <(find Sources/DispatchKit/DispatchKit.docc Sources/DispatchKitManifest/DispatchKitManifest.docc \
        Sources/DispatchKitRules/DispatchKitRules.docc \
        Sources/DispatchKitUI/DispatchKitUI.docc \
        Sources/DispatchKitSwiftUI/DispatchKitSwiftUI.docc \
        Sources/DispatchKitServices/DispatchKitServices.docc \
        Sources/DispatchKitEvents/DispatchKitEvents.docc \
        Sources/DispatchKitAsync/DispatchKitAsync.docc \
        -maxdepth 1 -name '*.md' -print0 | LC_ALL=C sort -z)
fi
for document in "${documents[@]}"; do
    [ -f "$document" ] || { echo "doc-blocks: no document $document" >&2; exit 2; }
done

rm -rf "$output"
mkdir -p "$output"

LC_ALL=C awk -v output="$output" '
    function fail(line, message) {
        printf "%s:%d: %s\n", FILENAME, line, message > "/dev/stderr"
        failed = 1
    }
    # The identifier of a unit: Doc_, the document name without .md and the fence line.
    function unit_name(document, line, base) {
        base = document
        sub(/^.*\//, "", base)
        sub(/\.md$/, "", base)
        gsub(/[^A-Za-z0-9_]/, "_", base)
        return "Doc_" base "_" line
    }
    function close_block(    excluded, base) {
        base = FILENAME
        sub(/^.*\//, "", base)
        excluded = first_line ~ /^\/\/ swift-tools-version:/ \
            || (base == "MigratingFromOtherRouters.md" && first_line ~ /^\/\/ Before, with /)
        if (excluded) {
            if (continues) fail(fence_line - 1, "a package manifest or another router'"'"'s code is not compiled, and continues nothing")
            last_unit = -1  # a block below cannot continue it
            excluded_places = excluded_places FILENAME ":" fence_line "\n"
            return
        }
        if (continues) {
            if (last_unit <= 0) {
                fail(fence_line - 1, "this block is marked as continuing the block above, but no compiled Swift block is above it")
                return
            }
            unit = last_unit
        } else {
            unit = ++units
            names[unit] = unit_name(FILENAME, fence_line)
            places[unit] = ""
            text[unit] = ""
            apple[unit] = 0
        }
        places[unit] = places[unit] (places[unit] == "" ? "" : " ") FILENAME ":" fence_line
        text[unit] = text[unit] "#sourceLocation(file: \"" FILENAME "\", line: " (fence_line + 1) ")\n" body
        if (body ~ /(^|\n)[ \t]*(@[A-Za-z_]+[ \t]+)*import[ \t]+(UIKit|SwiftUI|UserNotifications|Combine|AppKit|WatchKit|TVUIKit)([ \t.]|\n|$)/)
            apple[unit] = 1
        last_unit = unit
    }
    FNR == 1 {
        if (in_fence) fail(fence_line, "this code block is never closed")
        in_fence = 0
        last_unit = 0
        marker_line = -1
    }
    {
        line = $0
        sub(/\r$/, "", line)
    }
    in_fence {
        # A closing fence: the opening fence character, at least as many, nothing after them.
        stripped = line
        sub(/^[ \t]*/, "", stripped)
        if (substr(stripped, 1, fence_length) == fence_marker) {
            rest = substr(stripped, fence_length + 1)
            sub(new_fence_run, "", rest)
            if (rest ~ /^[ \t]*$/) {
                in_fence = 0
                if (swift) close_block()
                next
            }
        }
        if (swift) {
            # The block'"'"'s indentation, as far as the fence was indented, is not part of the code.
            for (i = 0; i < fence_indent && substr(line, 1, 1) == " "; i++) line = substr(line, 2)
            if (body == "") first_line = line
            body = body line "\n"
        }
        next
    }
    match(line, /^[ \t]*(```+|~~~+)/) {
        indent = line
        sub(/[^ \t].*$/, "", indent)
        fence_indent = length(indent)
        fence_length = RLENGTH - fence_indent
        fence_marker = substr(line, fence_indent + 1, fence_length)
        new_fence_run = substr(fence_marker, 1, 1) == "`" ? "^`*" : "^~*"
        info = substr(line, RSTART + RLENGTH)
        sub(/^[ \t]+/, "", info)
        language = tolower(info)
        sub(/[ \t,{].*$/, "", language)
        in_fence = 1
        fence_line = FNR
        swift = language == "swift"
        body = ""
        first_line = ""
        continues = marker_line == FNR - 1
        if (continues && !swift) fail(FNR - 1, "only a ```swift block can continue the block above")
        next
    }
    {
        if (marker_line == FNR - 1)
            fail(marker_line, "the marker of a continued block must be the line right before the block'"'"'s opening fence")
        if (line ~ /^[ \t]*<!-- continues the block above -->[ \t]*$/)
            marker_line = FNR
        else if (line ~ /<!--.*contin/)
            fail(FNR, "not the marker of a continued block; write exactly <!-- continues the block above -->")
    }
    END {
        if (in_fence) fail(fence_line, "this code block is never closed")
        for (unit = 1; unit <= units; unit++) {
            file = output "/" names[unit] "/" names[unit] ".swift"
            system("mkdir -p \"" output "/" names[unit] "\"")
            printf "// %s: generated by scripts/doc-blocks.sh; edit the document, not this file.\n", places[unit] > file
            printf "%s#sourceLocation()\n", text[unit] > file
            close(file)
            printf "%s\t%s\t%s\n", names[unit], apple[unit] ? "apple" : "portable", places[unit] > (output "/units")
        }
        if (units == 0) printf "" > (output "/units")
        close(output "/units")
        printf "%s", excluded_places > (output "/excluded")
        close(output "/excluded")
        exit failed
    }
' "${documents[@]}"
