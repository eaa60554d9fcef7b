import Foundation
import Testing

/// The Swift blocks of an article that tests run are regions of a file of this target, character
/// for character: a test that runs the article's code runs the article's code, not a copy that
/// may drift from it. (Every block is also compiled as it stands in its document:
/// DocumentBlocksTests.)
///
/// A region is marked by a line `// article: DOCUMENT, NAME` before it and `// article: end`
/// after it, where DOCUMENT is the article's file name. It may be indented (inside a namespace
/// that keeps its names apart from the other examples of this target), and is compared without
/// its common indentation; a block is compared without the `import` lines that start it, which a
/// test file has at its top. Every Swift block of a section listed in ``runSections`` must be a
/// region.
@Suite struct ArticleRegionsTests {
    /// A fenced block of a document.
    struct Block: CustomStringConvertible {
        /// `TheRouteManifest.md:176`: the document and the line of the opening fence.
        let place: String
        /// The info string's first word: `swift`, `json`, `text`.
        let language: String
        /// The headings above the block, outermost first.
        let sections: [String]
        /// The lines between the fences.
        let text: String

        var description: String { place }

        /// The code of a Swift block as a test file holds it: without its leading imports and
        /// the blank lines after them, its lines' common indentation and trailing white space.
        var code: String {
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            let body = lines.drop {
                $0.hasPrefix("import ") || $0.trimmingCharacters(in: .whitespaces).isEmpty
            }
            return ArticleRegionsTests.unindented(body.joined(separator: "\n"))
        }
    }

    /// A region of a test file.
    struct Region: CustomStringConvertible {
        /// `Tests/DocumentationExamples/ManifestExamples.swift:12`.
        let place: String
        /// The article it quotes: `TheRouteManifest.md`; `misplaced marker` for a marker out of
        /// place.
        let document: String
        let name: String
        let text: String

        var description: String { "\(place) \(name)" }
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The articles that tests run, by file name.
    static let articles = [
        "TheRouteManifest.md": "Sources/DispatchKitManifest/DispatchKitManifest.docc/TheRouteManifest.md",
        "DispatchPolicy.md": "Sources/DispatchKit/DispatchKit.docc/DispatchPolicy.md",
        "MigratingFromOtherRouters.md": "Sources/DispatchKit/DispatchKit.docc/MigratingFromOtherRouters.md",
        "GettingStarted.md": "Sources/DispatchKit/DispatchKit.docc/GettingStarted.md",
        "WritingAnActivity.md": "Sources/DispatchKit/DispatchKit.docc/WritingAnActivity.md",
    ]

    /// The sections whose every Swift block a test runs: the article, and a heading.
    static let runSections = [("TheRouteManifest.md", "Compatibility between releases")]

    static func lines(of relative: String) throws -> [Substring] {
        let text = try String(contentsOf: root.appendingPathComponent(relative), encoding: .utf8)
        return text.split(separator: "\n", omittingEmptySubsequences: false)
    }

    /// The fenced blocks of the article `name` (a key of ``articles``), with the headings above each.
    static func blocks(of name: String) throws -> [Block] {
        let path = try #require(articles[name], "no article \(name)")
        var blocks: [Block] = []
        var headings: [(level: Int, title: String)] = []
        var open: (fence: Substring, language: String, line: Int, body: [Substring])?
        for (index, line) in try lines(of: path).enumerated() {
            let trimmed = line.drop { $0 == " " }
            if var block = open {
                if trimmed == block.fence {
                    blocks.append(
                        Block(
                            place: "\(name):\(block.line)", language: block.language,
                            sections: headings.map(\.title), text: block.body.joined(separator: "\n")))
                    open = nil
                } else {
                    block.body.append(line)
                    open = block
                }
            } else if trimmed.hasPrefix("```") {
                let fence = trimmed.prefix { $0 == "`" }
                let info = trimmed.dropFirst(fence.count)
                let language = info.split(whereSeparator: { $0 == " " || $0 == "," }).first ?? ""
                open = (fence, language.lowercased(), index + 1, [])
            } else if line.hasPrefix("#") {
                let level = line.prefix { $0 == "#" }.count
                headings.removeAll { $0.level >= level }
                headings.append((level, line.dropFirst(level).trimmingCharacters(in: .whitespaces)))
            }
        }
        if let block = open {
            blocks.append(Block(place: "\(name):\(block.line)", language: "unclosed", sections: [], text: ""))
        }
        return blocks
    }

    /// The blocks of the article `name` in the section `heading`, or a subsection of it.
    static func blocks(of name: String, in heading: String) throws -> [Block] {
        try blocks(of: name).filter { $0.sections.contains(heading) }
    }

    /// The article regions of the Swift files of this target.
    static func regions() throws -> [Region] {
        let folder = "Tests/DocumentationExamples"
        let enumerator = FileManager.default.enumerator(atPath: root.appendingPathComponent(folder).path)
        let files = (enumerator?.allObjects as? [String] ?? []).filter { $0.hasSuffix(".swift") }.sorted()
        var regions: [Region] = []
        for file in files.map({ "\(folder)/\($0)" }) {
            var current: (document: String, name: String, line: Int, body: [Substring])?
            for (index, line) in try lines(of: file).enumerated() {
                let trimmed = line.trimmingCharacters(in: .whitespaces)
                guard trimmed.hasPrefix("// article: ") else {
                    current?.body.append(line)
                    continue
                }
                let marker = trimmed.dropFirst("// article: ".count)
                let place = "\(file):\(index + 1)"
                if marker == "end", let region = current {
                    regions.append(
                        Region(
                            place: "\(file):\(region.line)", document: region.document, name: region.name,
                            text: unindented(region.body.joined(separator: "\n"))))
                    current = nil
                } else if marker == "end" || current != nil || !marker.contains(", ") {
                    regions.append(
                        Region(place: place, document: "misplaced marker", name: "\(marker)", text: ""))
                    current = nil
                } else {
                    let parts = marker.split(separator: ", ", maxSplits: 1).map(String.init)
                    current = (parts[0], parts[1], index + 1, [])
                }
            }
            if let region = current {
                regions.append(
                    Region(
                        place: "\(file):\(region.line)", document: "misplaced marker", name: region.name,
                        text: ""))
            }
        }
        return regions
    }

    /// `text` without its lines' common indentation, trailing white space and final blank lines.
    static func unindented(_ text: String) -> String {
        var lines = text.split(separator: "\n", omittingEmptySubsequences: false).map { line -> Substring in
            var line = line
            while let last = line.last, last == " " || last == "\t" { line = line.dropLast() }
            return line
        }
        while lines.last?.isEmpty == true { lines.removeLast() }
        let indent = lines.filter { !$0.isEmpty }.map { $0.prefix { $0 == " " }.count }.min() ?? 0
        return lines.map { $0.isEmpty ? "" : String($0.dropFirst(indent)) }.joined(separator: "\n")
    }

    @Test func theRegionsAndTheRunSectionsAreFound() throws {
        let regions = try Self.regions()
        #expect(regions.count >= 4)
        #expect(!regions.contains { $0.document == "misplaced marker" }, "\(regions)")
        for (article, heading) in Self.runSections {
            #expect(try Self.blocks(of: article, in: heading).filter { $0.language == "swift" }.count >= 4)
        }
    }

    /// Each region is a Swift block of its article, as the article shows it.
    @Test func everyRegionIsABlockOfItsArticle() throws {
        for region in try Self.regions() {
            let blocks = try Self.blocks(of: region.document).filter { $0.language == "swift" }
            #expect(
                blocks.contains { $0.code == region.text },
                "\(region) is no block of \(region.document): the article changed without its region, or the region without the article"
            )
        }
    }

    /// Each Swift block of a section that tests run is a region, so the tests run it.
    @Test func everyBlockOfARunSectionIsARegion() throws {
        let quoted = Set(try Self.regions().map(\.text))
        for (article, heading) in Self.runSections {
            for block in try Self.blocks(of: article, in: heading) where block.language == "swift" {
                #expect(
                    quoted.contains(block.code),
                    "\(block) (\(heading)) is not run: copy it into an `// article:` region of a test")
            }
        }
    }

    /// A block is compared as a test file holds it: without the imports that start it, its
    /// common indentation and trailing white space.
    @Test func aBlockIsComparedWithoutItsImports() {
        let block = Block(
            place: "fixture", language: "swift", sections: [],
            text: "import DispatchKit\nimport Foundation\n\n    let a = 1  \n    print(a)\n")
        #expect(block.code == "let a = 1\nprint(a)")
    }
}
