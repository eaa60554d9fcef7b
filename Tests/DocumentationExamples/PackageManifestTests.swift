import Foundation
import Testing

/// The package manifests the documents show (the blocks that start with `// swift-tools-version:`,
/// which DocumentBlocksTests leaves out) resolve as written against a clone of this repository, as
/// does the form for a local checkout that they describe. `swift package show-dependencies` loads
/// the package graph, where a requirement no tag or branch meets, or a product that a target names
/// but no package provides, is an error, and builds nothing: a few seconds per manifest, offline.
/// One manifest at a time: `git stash create` locks the checkout's index.
@Suite(.serialized) struct PackageManifestTests {
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

    /// Each manifest, with its dependency's URL replaced by a clone of this repository's (named as
    /// the URL ends: `…/DispatchKit.git`) and its requirement as written, resolves. Pins the
    /// README's `from: "0.7.0"`, which no clone resolves (no release is tagged) and whose release
    /// lacks the `DispatchKitManifest` product the documents describe; it passed while this test
    /// replaced the whole dependency with the checkout's path.
    @Test(arguments: try manifests())
    func resolves(_ manifest: Manifest) async throws {
        let pattern = #"\.package\(url: "[^"]*""#
        let range = try #require(
            manifest.text.range(of: pattern, options: .regularExpression),
            "no .package(url: …) in \(manifest)")
        // https://git.example.com/your-team/DispatchKit.git: DispatchKit.git
        let url = manifest.text[range].dropFirst(".package(url: \"".count).dropLast()
        let name = try #require(url.split(separator: "/").last.map(String.init), "no name in \(url)")
        let scratch = try Scratch(checkoutName: "checkout")
        let clone = try await scratch.cloneOfThisRepository(named: name)
        let text = manifest.text.replacingCharacters(in: range, with: ".package(url: \"\(clone.path)\"")
        let (status, output) = try await scratch.showDependencies(of: text)
        #expect(
            status == 0, "\(manifest), with its URL replaced by a clone of this repository:\n\(output)")
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
/// beside it; and, on demand, a clone of this repository.
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

    /// A bare clone of this repository named `name`, with its tags, whose branch `main` holds the
    /// checkout's tracked files as they are now, committed or not (what `main` will hold once the
    /// change under test is merged). The checkout itself is left alone: `git stash create` only
    /// writes an object.
    func cloneOfThisRepository(named name: String) async throws -> URL {
        let git = try #require(DocumentBlocks.executable(named: "git"), "no git on PATH")
        let root = DocumentBlocks.root.path
        let clone = folder.appendingPathComponent(name)
        func run(_ arguments: [String]) async throws -> String {
            let (status, output) = try await DocumentBlocks.run(git, arguments)
            try #require(status == 0, "git \(arguments.joined(separator: " ")):\n\(output)")
            return output.trimmingCharacters(in: .whitespacesAndNewlines)
        }
        let identity = ["-c", "user.name=DispatchKit tests", "-c", "user.email=tests@dispatchkit.invalid"]
        var commit = try await run(identity + ["-C", root, "stash", "create"])
        if commit.isEmpty { commit = try await run(["-C", root, "rev-parse", "HEAD"]) }
        _ = try await run(["init", "--quiet", "--bare", clone.path])
        _ = try await run(["-C", clone.path, "symbolic-ref", "HEAD", "refs/heads/main"])
        _ = try await run(
            [
                "-C", root, "push", "--quiet", clone.path, "\(commit):refs/heads/main",
                "refs/tags/*:refs/tags/*",
            ])
        return clone
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
