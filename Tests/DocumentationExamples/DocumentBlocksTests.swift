import Foundation
import Testing

/// Every ```swift block of the README and the DocC articles compiles as it is shown: alone, or with
/// the blocks above it that it is marked as continuing (`<!-- continues the block above -->` right
/// before its fence), with only the imports it shows, against the public API of DispatchKit and
/// DispatchKitUI, with the package's settings. A block with top-level statements is compiled as a
/// `main.swift`, the others as a file of a library. The blocks are read from the documents by
/// `scripts/doc-blocks.sh`, which says which blocks are left out (a package manifest, another
/// router's code); the blocks that import UIKit or SwiftUI are compiled for iOS by
/// `scripts/apple-check.sh` and `scripts/real-sdk-check.sh`, which run the same script.
@Suite struct DocumentBlocksTests {
    static func portableUnits() throws -> [DocumentBlocks.Unit] {
        try DocumentBlocks.all.get().units.filter { !$0.isApple }
    }

    @Test(arguments: try portableUnits())
    func compilesAsShown(_ unit: DocumentBlocks.Unit) async throws {
        let toolchain = try DocumentBlocks.toolchain.get()
        let isScript = try DocumentBlocks.scriptNames.get().contains(unit.name)
        let compilation = try await DocumentBlocks.compile(unit, isScript: isScript, toolchain: toolchain)
        if !compilation.succeeded {
            Issue.record(
                Comment(
                    rawValue: """
                        The code block at \(unit) does not compile as shown (as \
                        \(isScript ? "a main.swift, for its top-level statements" : "a library file")):
                        \(compilation.output)
                        Add the imports it needs, declare what it uses or take it as a parameter, or \
                        mark it as continuing the block above (scripts/doc-blocks.sh).
                        """))
        }
    }

    /// The extraction reads every document, and every ```swift block of each: a document, or a
    /// block, that it missed would go unchecked without a failure.
    @Test func everyDocumentAndBlockIsRead() throws {
        let extraction = try DocumentBlocks.all.get()
        let read = extraction.units.flatMap(\.places) + extraction.excluded
        var documents = ["README.md"]
        for catalog in DocumentBlocks.catalogs {
            let articles = try FileManager.default.contentsOfDirectory(
                atPath: DocumentBlocks.root.appendingPathComponent(catalog).path)
            documents += articles.filter({ $0.hasSuffix(".md") }).map({ "\(catalog)/\($0)" })
        }
        for document in documents {
            let text = try String(
                contentsOf: DocumentBlocks.root.appendingPathComponent(document), encoding: .utf8)
            let fences = text.split(separator: "\n", omittingEmptySubsequences: false).filter { line in
                let info = line.drop { $0 == " " }.drop { $0 == "`" }
                return line.contains("```") && info.lowercased().prefix { $0.isLetter } == "swift"
            }
            let blocks = read.filter { $0.hasPrefix("\(document):") }
            #expect(blocks.count == fences.count, "\(document): \(fences.count) blocks, \(blocks.count) read")
        }
        #expect(extraction.units.count >= 35)
        #expect(read.count >= 60)
        // The UIKit and SwiftUI apps of "Receiving links and navigating" (one unit: each block
        // continues the one above it).
        #expect(extraction.units.filter(\.isApple).count >= 1)
    }

    /// No block swallows a configuration error (`try? AssociatedDomains(…)`, `?? .none`): a reader
    /// copies the examples. Pins the docs' `(try? AssociatedDomains([...])) ?? .none`, which turned
    /// one typo into "every universal link refused".
    @Test func noBlockSwallowsAConfigurationError() throws {
        let findings = try DocumentBlocks.all.get().units.flatMap(DocumentBlocks.swallowedConfigurationErrors)
        #expect(
            findings.isEmpty, "a configuration error is swallowed at:\n\(findings.joined(separator: "\n"))")
    }

    /// The blocks that import Apple's frameworks are compiled by the Apple-platform checks: each
    /// runs the extraction script.
    @Test(arguments: ["scripts/apple-check.sh", "scripts/real-sdk-check.sh"])
    func theAppleChecksCompileTheAppleBlocks(_ script: String) throws {
        let text = try String(
            contentsOf: DocumentBlocks.root.appendingPathComponent(script), encoding: .utf8)
        let runsTheExtraction = text.contains("scripts/doc-blocks.sh")
        #expect(runsTheExtraction)
    }

    // MARK: - The rules, on fixture documents

    /// A continued block joins the unit of the block above; a manifest, and blocks of other
    /// languages, are left out; an Apple framework's import makes a unit Apple's.
    @Test func unitsFollowTheMarkers() throws {
        let document = try Fixture.document(
            """
            # Fixture

            ```swift
            import DispatchKit
            ```

            The block above, continued:

            <!-- continues the block above -->
            ```swift
            let center = DispatchCenter()
            ```

            ```sh
            swift build
            ```

            ```swift
            // swift-tools-version: 6.0
            import PackageDescription
            ```

            ```swift
            import SwiftUI
            ```

            ````markdown
            ```swift
            not a block of this document
            ```
            ````
            """)
        let extraction = try DocumentBlocks.extract([document.path])
        let units = extraction.units
        #expect(extraction.excluded == ["\(document.path):18"])
        #expect(
            units.map(\.places) == [["\(document.path):3", "\(document.path):10"], ["\(document.path):23"]])
        #expect(units.map(\.isApple) == [false, true])
        let text = try String(contentsOf: units[0].file, encoding: .utf8)
        #expect(
            text.contains(
                "#sourceLocation(file: \"\(document.path)\", line: 11)\nlet center = DispatchCenter()"))
    }

    /// A marker that cannot apply, or that is misspelled, fails the extraction with its place,
    /// rather than leaving a block to compile alone (or not at all) unnoticed.
    @Test(arguments: [
        ("<!-- continues the block above -->\n```swift\nlet a = 1\n```\n", 1),
        ("```swift\nlet a = 1\n```\n<!-- continued -->\n```swift\nprint(a)\n```\n", 4),
        ("```swift\nlet a = 1\n```\n<!-- continues the block above -->\n\n```swift\nprint(a)\n```\n", 4),
        ("```swift\nlet a = 1\n", 1),
    ])
    func markerMistakesFailWithTheirPlace(_ text: String, line: Int) throws {
        let document = try Fixture.document(text)
        #expect {
            try DocumentBlocks.extract([document.path])
        } throws: { error in
            "\(error)".contains("\(document.path):\(line): ")
        }
    }

    /// The rule finds `try?` on what the app configures, and `?? .none`, at the document's lines;
    /// a `try?` on anything else (a file read) is no finding.
    @Test func aSwallowedConfigurationErrorIsFoundAtItsLine() throws {
        let document = try Fixture.document(
            """
            # Fixture

            ```swift
            import DispatchKit
            import Foundation

            @MainActor func setUp(center: DispatchCenter, data: Data, file: URL) {
                center.associatedDomains = (try? AssociatedDomains(["applinks:test.com"])) ?? .none
                center.redirectRules = (try? RedirectRules(json: data)) ?? RedirectRules()
                let saved = try? Data(contentsOf: file)  // not configuration
                _ = saved
            }
            ```
            """)
        let unit = try #require(DocumentBlocks.extract([document.path]).units.first)
        let findings = try DocumentBlocks.swallowedConfigurationErrors(in: unit)
        #expect(
            findings == [
                "\(document.path):8: center.associatedDomains = (try? AssociatedDomains([\"applinks:test.com\"])) ?? .none",
                "\(document.path):9: center.redirectRules = (try? RedirectRules(json: data)) ?? RedirectRules()",
            ])
    }

    /// What the issue found in the README: a block that uses a name declared elsewhere, or `URL`
    /// without `import Foundation`, fails, and the failure names the document's own line.
    @Test func aBlockThatDoesNotCompileFailsAtItsLine() async throws {
        let document = try Fixture.document(
            """
            ```swift
            import DispatchKit

            @MainActor func open(_ url: URL, in center: DispatchCenter) {
                center.register(OrdersActivity.self)
            }
            ```
            """)
        let compilation = try await Fixture.compile(document)
        #expect(!compilation.succeeded)
        #expect(compilation.output.contains("\(document.path):4:29: error: cannot find type 'URL' in scope"))
        #expect(
            compilation.output.contains("\(document.path):5:21: error: cannot find 'OrdersActivity' in scope")
        )
    }

    /// A block with top-level statements compiles as a script would, where top-level code runs on
    /// the main actor; a block of declarations compiles as a library file, where a global `var`
    /// is an error in Swift 6.
    @Test func statementsMakeAScriptAndDeclarationsALibrary() async throws {
        let script = try Fixture.document(
            "```swift\nimport DispatchKit\n\nvar center = DispatchCenter()\ncenter.isReady = true\n```\n")
        let library = try Fixture.document("```swift\nimport DispatchKit\n\nvar count = 0\n```\n")
        let compiledScript = try await Fixture.compile(script)
        #expect(compiledScript.isScript)
        #expect(compiledScript.succeeded, "\(compiledScript.output)")
        let compiledLibrary = try await Fixture.compile(library)
        #expect(!compiledLibrary.isScript)
        #expect(compiledLibrary.output.contains("is not concurrency-safe"))
    }

    /// The package's settings apply: with ExistentialAny, a protocol used as a type needs `any`.
    @Test func thePackageSettingsApply() async throws {
        let settings = try DocumentBlocks.packageSettings()
        #expect(settings.contains("ExistentialAny") && settings.contains("MemberImportVisibility"))
        let document = try Fixture.document(
            "```swift\nimport DispatchKit\n\n@MainActor func consult(_ interceptor: DispatchInterceptor) {}\n```\n"
        )
        let compilation = try await Fixture.compile(document)
        #expect(
            compilation.output.contains("must be written 'any DispatchInterceptor'"), "\(compilation.output)")
    }
}

/// Documents written for one test.
private enum Fixture {
    static func document(_ text: String) throws -> URL {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("doc-blocks-fixture-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let file = folder.appendingPathComponent("Fixture.md")
        try text.write(to: file, atomically: true, encoding: .utf8)
        return file
    }

    /// The document's single unit, compiled as the documents' units are.
    static func compile(_ document: URL) async throws -> DocumentBlocks.Compilation {
        let unit = try #require(DocumentBlocks.extract([document.path]).units.first)
        let toolchain = try DocumentBlocks.toolchain.get()
        let isScript = try DocumentBlocks.scripts(among: [unit], toolchain: toolchain).contains(unit.name)
        return try await DocumentBlocks.compile(unit, isScript: isScript, toolchain: toolchain)
    }
}
