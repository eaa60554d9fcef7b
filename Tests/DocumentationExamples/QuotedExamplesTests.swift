import Foundation
import Testing

/// Every Swift code block of the documentation — the README, the DocC articles and the `///`
/// comments of the sources — is a region of a file this target (or the quick start's executable)
/// compiles, character for character: a block that drifts from its compiled copy, or that was
/// never compiled, fails here with its place.
///
/// A region is marked in an example file by a line `// snippet: NAME` before it and
/// `// snippet: end` after it; it may be indented (inside a type or a function), and is compared
/// without its common indentation. Only blocks fenced as ```` ```swift ```` are checked, except
/// two kinds no target here can compile: the package manifest a page shows (it starts with
/// `// swift-tools-version:`), and another router's code that a migration guide shows for
/// comparison (it starts with `// Before, with ` and the router's name).
@Suite struct QuotedExamplesTests {
    struct Block: CustomStringConvertible {
        let place: String
        let text: String
        var description: String { place }
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The documents users read, relative to the root.
    static func documents() -> [String] {
        let catalog = "Sources/DispatchKit/DispatchKit.docc"
        let articles = (try? FileManager.default.contentsOfDirectory(atPath: path(catalog))) ?? []
        return ["README.md"] + articles.filter { $0.hasSuffix(".md") }.sorted().map { "\(catalog)/\($0)" }
    }

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

    /// The ```swift blocks of a Markdown file, or of the `///` comments of a Swift file.
    static func blocks(in relative: String) -> [Block] {
        let comments = relative.hasSuffix(".swift")
        var blocks: [Block] = []
        var current: [Substring]?
        var start = 0
        for (index, rawLine) in lines(of: relative).enumerated() {
            var line = rawLine
            if comments {
                let trimmed = line.drop { $0 == " " }
                guard trimmed.hasPrefix("///") else {
                    current = nil
                    continue
                }
                line = trimmed.dropFirst(3)
                if line.first == " " { line = line.dropFirst() }
            }
            let fence = line.trimmingCharacters(in: .whitespaces)
            if var body = current {
                if fence == "```" {
                    let text = body.joined(separator: "\n")
                    if !text.hasPrefix("// swift-tools-version:"), !text.hasPrefix("// Before, with ") {
                        blocks.append(Block(place: "\(relative):\(start)", text: normalized(text)))
                    }
                    current = nil
                } else {
                    body.append(line)
                    current = body
                }
            } else if fence == "```swift" {
                current = []
                start = index + 2
            }
        }
        return blocks
    }

    /// The snippet regions of the example files, by name.
    static func regions() -> [(place: String, name: String, text: String)] {
        var regions: [(String, String, String)] = []
        let files =
            swiftFiles(under: "Tests/DocumentationExamples")
            + swiftFiles(under: "Tests/DocumentationQuickStart")
        for file in files {
            var name: String?
            var body: [Substring] = []
            var start = 0
            for (index, line) in lines(of: file).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("// snippet: ") {
                    let marker = String(trimmed.dropFirst("// snippet: ".count))
                    if marker == "end", let open = name {
                        regions.append(("\(file):\(start)", open, normalized(body.joined(separator: "\n"))))
                        name = nil
                    } else if marker != "end" {
                        name = marker
                        body = []
                        start = index + 1
                    }
                } else if name != nil {
                    body.append(line)
                }
            }
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
        documents().flatMap(blocks(in:)) + swiftFiles(under: "Sources").flatMap(blocks(in:))
    }

    @Test func theDocumentsAndTheirBlocksAreFound() {
        #expect(Self.documents().count >= 5)
        #expect(Self.allBlocks().count >= 50)
        #expect(Self.regions().count >= 50)
    }

    @Test func everyBlockIsACompiledRegion() {
        let regions = Set(Self.regions().map(\.text))
        let missing = Self.allBlocks().filter { !regions.contains($0.text) }
        #expect(
            missing.isEmpty,
            "\(missing.count) code block(s) are not compiled: copy each into a `// snippet:` region of Tests/DocumentationExamples, or make it match its region:\n\(missing.map(\.place).joined(separator: "\n"))"
        )
    }

    @Test func everyRegionIsQuoted() {
        let quoted = Set(Self.allBlocks().map(\.text))
        let unused = Self.regions().filter { !quoted.contains($0.text) }
        #expect(
            unused.isEmpty,
            "\(unused.count) region(s) are quoted nowhere (a document changed without its region?):\n\(unused.map { "\($0.place) \($0.name)" }.joined(separator: "\n"))"
        )
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
}
