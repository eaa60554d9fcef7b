import Foundation
import Testing

/// Every Swift code block of the `///` comments of the sources is a region of a file this target
/// compiles, character for character: a block that drifts from its compiled copy, or that was
/// never compiled, fails here with its place. (The README's and the DocC articles' blocks are
/// compiled as they stand in the documents: DocumentBlocksTests.)
///
/// A region is marked in an example file by a line `// snippet: NAME` before it and
/// `// snippet: end` after it; it may be indented (inside a type or a function), and is compared
/// without its common indentation. Only blocks whose info string is `swift` (```` ```swift ````,
/// ```` ```swift, nocopy ````) are checked.
@Suite struct QuotedExamplesTests {
    struct Block: CustomStringConvertible {
        let place: String
        let text: String
        var description: String { place }
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// Every Swift file under `folder`, relative to the root.
    static func swiftFiles(under folder: String) -> [String] {
        let enumerator = FileManager.default.enumerator(atPath: path(folder))
        let files = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }
        return files.sorted().map { "\(folder)/\($0)" }
    }

    static func path(_ relative: String) -> String {
        root.appendingPathComponent(relative).path
    }

    static func lines(of relative: String) -> [Substring] {
        let text = (try? String(contentsOfFile: path(relative), encoding: .utf8)) ?? ""
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The ```swift blocks of the `///` comments of a Swift file. A block that is never closed is
    /// reported with the text `unclosed`, which no region has, so that it fails.
    static func blocks(in relative: String) -> [Block] {
        var blocks: [Block] = []
        var current: [Substring]?  // the lines of the open ```swift block
        var skipping = false  // inside a block of another language
        var start = 0
        func close() {
            if current != nil { blocks.append(Block(place: "\(relative):\(start)", text: "unclosed")) }
            current = nil
            skipping = false
        }
        for (index, rawLine) in lines(of: relative).enumerated() {
            let trimmed = rawLine.drop { $0 == " " }
            guard trimmed.hasPrefix("///") else {
                close()  // a doc comment ends its blocks
                continue
            }
            var line = trimmed.dropFirst(3)
            if line.first == " " { line = line.dropFirst() }
            let fence = line.trimmingCharacters(in: .whitespaces)
            if skipping {
                skipping = fence != "```"
            } else if var body = current {
                if fence == "```" {
                    blocks.append(
                        Block(place: "\(relative):\(start)", text: normalized(body.joined(separator: "\n"))))
                    current = nil
                } else {
                    body.append(line)
                    current = body
                }
            } else if fence.hasPrefix("```") {
                // The language is the info string's first word: ```swift, ```swift, nocopy, ```sh …
                let language = fence.dropFirst(3).split(whereSeparator: { $0 == " " || $0 == "," }).first
                if language?.lowercased() == "swift" {
                    current = []
                    start = index + 2
                } else {
                    skipping = true
                }
            }
        }
        close()
        return blocks
    }

    /// The snippet regions of the example files. A start marker inside a region, an end marker
    /// outside one, or a region never ended, is a region named `misplaced marker`, which fails
    /// ``everyRegionIsQuoted()``.
    static func regions() -> [(place: String, name: String, text: String)] {
        var regions: [(String, String, String)] = []
        for file in swiftFiles(under: "Tests/DocumentationExamples") {
            var name: String?
            var body: [Substring] = []
            var start = 0
            for (index, line) in lines(of: file).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("// snippet: ") else {
                    if name != nil { body.append(line) }
                    continue
                }
                let marker = String(trimmed.dropFirst("// snippet: ".count))
                if marker == "end", let open = name {
                    regions.append(("\(file):\(start)", open, normalized(body.joined(separator: "\n"))))
                    name = nil
                } else if marker == "end" || name != nil {
                    regions.append(("\(file):\(index + 1)", "misplaced marker", "\(marker)"))
                    name = nil
                } else {
                    name = marker
                    body = []
                    start = index + 1
                }
            }
            if let open = name { regions.append(("\(file):\(start)", "misplaced marker", open)) }
        }
        return regions
    }

    /// `text` without its lines' common indentation and trailing white space.
    static func normalized(_ text: String) -> String {
        let lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var line = line
            while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
            return line
        }
        let indent =
            lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    static func allBlocks() -> [Block] {
        swiftFiles(under: "Sources").flatMap(blocks(in:))
    }

    @Test func theDocumentsAndTheirBlocksAreFound() {
        #expect(Self.allBlocks().count >= 40)
        #expect(Self.regions().count >= 40)
    }

    @Test func everyBlockIsACompiledRegion() {
        let regions = Set(Self.regions().map(\.text))
        let missing = Self.allBlocks().filter { !regions.contains($0.text) }
        if !missing.isEmpty {
            Issue.record(
                Comment(
                    rawValue: """
                        \(missing.count) code block(s) are not compiled: copy each into a `// snippet:` \
                        region of Tests/DocumentationExamples, or make it match its region:
                        \(missing.map(\.place).joined(separator: "\n"))
                        """))
        }
    }

    @Test func everyRegionIsQuoted() {
        let quoted = Set(Self.allBlocks().map(\.text))
        let unused = Self.regions().filter { !quoted.contains($0.text) }
        if !unused.isEmpty {
            Issue.record(
                Comment(
                    rawValue: """
                        \(unused.count) region(s) are quoted nowhere (a document changed without its region?):
                        \(unused.map { "\($0.place) \($0.name)" }.joined(separator: "\n"))
                        """))
        }
    }

    /// The `///` blocks follow the documents' rule (DocumentBlocksTests): none swallows a
    /// configuration error.
    @Test func noRegionSwallowsAConfigurationError() {
        let findings = Self.regions().flatMap { region in
            region.text.split(separator: "\n").filter(DocumentBlocks.swallowsAConfigurationError).map {
                "\(region.place) \(region.name): \($0)"
            }
        }
        #expect(
            findings.isEmpty, "a configuration error is swallowed in:\n\(findings.joined(separator: "\n"))")
    }

    @Test func regionNamesAreUnique() {
        var seen: [String: String] = [:]
        var clashes: [String] = []
        for region in Self.regions() {
            if let first = seen[region.name] {
                clashes.append("\(region.name): \(first) and \(region.place)")
            }
            seen[region.name] = region.place
        }
        #expect(clashes.isEmpty, "\(clashes.joined(separator: "\n"))")
    }

    /// The examples are a user's code: no `@testable import`, and none of the library's `package`
    /// declarations, which a test target of this package can see but a user cannot.
    @Test func examplesUseOnlyPublicAPI() {
        let declaration = #"\bpackage\s+(?:static\s+|final\s+)*(?:var|let|func|enum|struct|class)\s+(\w+)"#
        // A package member that witnesses a public protocol's requirement (the `description` of a
        // package type) has the name of public members: a use of that name is not a finding.
        // So has a package type named like a public type of the other module (`RouteIndex.Route`,
        // `RouteManifest.Route`).
        let publicMember =
            #"\bpublic\s+(?:static\s+|final\s+|override\s+|indirect\s+)*(?:var|let|func|enum|struct|class)\s+(\w+)"#
        var publicNames: Set<String> = []
        var packageNames: [String: String] = [:]  // name: how a use is written
        // Every library module: a name that one declares `package` and another `public`
        // (`DispatchURL.Component`, `AppSiteAssociation.Component`) is a public name.
        let sources =
            Self.swiftFiles(under: "Sources/DispatchKit")
            + Self.swiftFiles(under: "Sources/DispatchKitManifest")
            + Self.swiftFiles(under: "Sources/DispatchKitRules")
            + Self.swiftFiles(under: "Sources/DispatchKitUI")
            + Self.swiftFiles(under: "Sources/DispatchKitSwiftUI")
            + Self.swiftFiles(under: "Sources/DispatchKitServices")
            + Self.swiftFiles(under: "Sources/DispatchKitEvents")
            + Self.swiftFiles(under: "Sources/DispatchKitAsync")
        for file in sources {
            for line in Self.lines(of: file) {
                if let range = line.range(of: publicMember, options: .regularExpression) {
                    publicNames.insert(String(line[range].split(separator: " ").last ?? ""))
                }
                guard let range = line.range(of: declaration, options: .regularExpression) else { continue }
                let words = line[range].split(separator: " ")
                let name = String(words.last ?? "")
                let isType = ["enum", "struct", "class"].contains(words.dropLast().last ?? "")
                packageNames[name] = isType ? #"\b\#(name)\b"# : #"\.\#(name)\b"#
            }
        }
        // And the members every Swift collection has publicly (`lines.count`, `routes.first`).
        publicNames.formUnion(["count", "first"])
        for name in publicNames { packageNames[name] = nil }
        #expect(packageNames["clock"] != nil, "the scan for package declarations found \(packageNames.keys)")
        #expect(publicNames.contains("description"))
        var uses: [String] = []
        for file in Self.swiftFiles(under: "Tests/DocumentationExamples")
        where !file.hasSuffix("QuotedExamplesTests.swift") && !file.contains("/DocumentBlocks") {
            for (index, line) in Self.lines(of: file).enumerated() {
                // Code only: not a comment, nor a string's text ("com.example.app" is no `.example`).
                let code = (line.components(separatedBy: "//").first ?? "")
                    .replacingOccurrences(of: #""[^"]*""#, with: "\"\"", options: .regularExpression)
                if code.contains("@testable") { uses.append("\(file):\(index + 1): @testable") }
                for (name, use) in packageNames where code.range(of: use, options: .regularExpression) != nil
                {
                    uses.append("\(file):\(index + 1): \(name) is not public")
                }
            }
        }
        #expect(uses.isEmpty, "\(uses.joined(separator: "\n"))")
    }
}
