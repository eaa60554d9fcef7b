import Foundation
import Testing

/// The package manifests the documents show (the blocks that start with `// swift-tools-version:`,
/// which DocumentBlocksTests leaves out) resolve against this checkout, as does the form for a
/// local checkout that they describe. `swift package show-dependencies` loads the package graph,
/// where a product that a target names but no package provides is an error, and builds nothing:
/// a second or two per manifest, offline.
@Suite struct PackageManifestTests {
    struct Manifest: Sendable, CustomStringConvertible {
        let place: String
        let text: String
        var description: String { place }
    }

    /// The manifest blocks of the README and the articles.
    static func manifests() throws -> [Manifest] {
        var documents = ["README.md"]
        for catalog in DocumentBlocks.catalogs {
            let articles = try FileManager.default.contentsOfDirectory(
                atPath: DocumentBlocks.root.appendingPathComponent(catalog).path)
            documents += articles.filter({ $0.hasSuffix(".md") }).sorted().map({ "\(catalog)/\($0)" })
        }
        var manifests: [Manifest] = []
        for document in documents {
            let text = try String(
                contentsOf: DocumentBlocks.root.appendingPathComponent(document), encoding: .utf8)
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
            var index = 0
            while index < lines.count {
                defer { index += 1 }
                guard lines[index] == "```swift", index + 1 < lines.count,
                    lines[index + 1].hasPrefix("// swift-tools-version:")
                else { continue }
                let body = lines[(index + 1)...].prefix { $0 != "```" }
                manifests.append(
                    Manifest(place: "\(document):\(index + 1)", text: body.joined(separator: "\n")))
                index += body.count
            }
        }
        return manifests
    }

    @Test func theDocumentsShowTheirManifests() throws {
        let places = try Self.manifests().map(\.place)
        #expect(places.contains { $0.hasPrefix("README.md:") })
        #expect(places.contains { $0.contains("GettingStarted.md:") })
    }

    /// Each manifest, with its dependency's URL pointing at this checkout under the name the URL
    /// ends with (`…/DispatchKit.git`: a folder `DispatchKit`), resolves.
    @Test(arguments: try manifests())
    func resolves(_ manifest: Manifest) async throws {
        let pattern = #"\.package\(url: "[^"]*", from: "[^"]*"\)"#
        let range = try #require(
            manifest.text.range(of: pattern, options: .regularExpression),
            "no .package(url:from:) in \(manifest)")
        // https://github.com/example/DispatchKit.git: DispatchKit
        let url = manifest.text[range].dropFirst(".package(url: \"".count).prefix { $0 != "\"" }
        var folder = url.split(separator: "/").last.map(String.init) ?? ""
        if folder.hasSuffix(".git") { folder.removeLast(4) }
        let scratch = try Scratch(checkoutName: folder)
        let text = manifest.text.replacingCharacters(in: range, with: ".package(path: \"../\(folder)\")")
        let (status, output) = try await scratch.showDependencies(of: text)
        #expect(status == 0, "\(manifest), with its URL replaced by this checkout:\n\(output)")
    }

    /// A local checkout whose folder is not named DispatchKit: the shorthand product dependency
    /// fails, and `.product(name:package:)` with the folder's name works, as the documents say.
    @Test func aLocalCheckoutIsNamedByItsFolder() async throws {
        let scratch = try Scratch(checkoutName: "dispatch-kit")
        func manifest(_ dependency: String) -> String {
            """
            // swift-tools-version: 6.0
            import PackageDescription

            let package = Package(
                name: "MyApp",
                dependencies: [.package(path: "../dispatch-kit")],
                targets: [.target(name: "MyApp", dependencies: [\(dependency)])]
            )
            """
        }
        let named = try await scratch.showDependencies(
            of: manifest(#".product(name: "DispatchKit", package: "dispatch-kit")"#))
        #expect(named.status == 0, "\(named.output)")
        let shorthand = try await scratch.showDependencies(of: manifest(#""DispatchKit""#))
        #expect(shorthand.status != 0)
        #expect(shorthand.output.contains("product 'DispatchKit' required by package"))
    }
}

/// A temporary folder with this checkout under another name (a symbolic link) and an app package
/// beside it.
private struct Scratch {
    let folder: URL

    init(checkoutName: String) throws {
        folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("package-manifest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(
            at: folder.appendingPathComponent("app/Sources/MyApp"), withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: folder.appendingPathComponent(checkoutName), withDestinationURL: DocumentBlocks.root)
        try "import DispatchKit\n".write(
            to: folder.appendingPathComponent("app/Sources/MyApp/MyApp.swift"), atomically: true,
            encoding: .utf8)
    }

    /// `swift package show-dependencies` of an app package with this manifest.
    func showDependencies(of manifest: String) async throws -> (status: Int32, output: String) {
        let app = folder.appendingPathComponent("app")
        try manifest.write(to: app.appendingPathComponent("Package.swift"), atomically: true, encoding: .utf8)
        let swift = try #require(DocumentBlocks.executable(named: "swift"), "no swift on PATH")
        return try await DocumentBlocks.run(
            swift,
            [
                "package", "--package-path", app.path, "--scratch-path",
                app.appendingPathComponent(".build").path,
                "show-dependencies",
            ])
    }
}
