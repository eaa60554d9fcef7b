import Foundation

#if canImport(Darwin)
    import Darwin
#endif

/// The Swift code blocks of the README and the DocC articles, read from the documents by
/// `scripts/doc-blocks.sh` (the same script the Apple-platform checks use), and the compiler that
/// checks each one as a reader would paste it: alone, or with the blocks it is marked as
/// continuing, with only the imports it shows, against the public API of the modules this test
/// was built with.
enum DocumentBlocks {
    /// One compilation unit: a block and the blocks that continue it.
    struct Unit: Sendable, CustomStringConvertible {
        /// An identifier, `Doc_README_28`.
        let name: String
        /// `true` when the unit imports a framework only Apple platforms have.
        let isApple: Bool
        /// The document and opening-fence line of each block, `README.md:28`.
        let places: [String]
        /// The file the script wrote.
        let file: URL

        var description: String {
            places.count == 1
                ? places[0] : "\(places[0]) and the \(places.count - 1) block(s) that continue it"
        }
    }

    /// A failure of the script or of the tools, with what they printed.
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    static let root = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    /// The DocC catalogs whose articles hold blocks, as scripts/doc-blocks.sh reads them.
    static let catalogs = [
        "Sources/DispatchKit/DispatchKit.docc", "Sources/DispatchKitManifest/DispatchKitManifest.docc",
        "Sources/DispatchKitRules/DispatchKitRules.docc",
        "Sources/DispatchKitUI/DispatchKitUI.docc",
        "Sources/DispatchKitSwiftUI/DispatchKitSwiftUI.docc",
        "Sources/DispatchKitServices/DispatchKitServices.docc",
        "Sources/DispatchKitEvents/DispatchKitEvents.docc",
        "Sources/DispatchKitAsync/DispatchKitAsync.docc",
    ]

    // MARK: - Extraction

    /// What the script found in the documents.
    struct Extraction: Sendable {
        let units: [Unit]
        /// The places of the blocks it leaves out (package manifests, other routers' code).
        let excluded: [String]
    }

    /// Runs `scripts/doc-blocks.sh` on `documents` (all of them when empty), writing into a new
    /// temporary folder. Throws with the script's messages when it fails.
    static func extract(_ documents: [String] = []) throws -> Extraction {
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("doc-blocks-\(UUID().uuidString)")
        let script = root.appendingPathComponent("scripts/doc-blocks.sh").path
        let (status, output) = try runAndWait(script, [folder.path] + documents)
        guard status == 0 else {
            throw Failure(description: "scripts/doc-blocks.sh failed (\(status)):\n\(output)")
        }
        let list = try text(of: folder.appendingPathComponent("units"))
        let excluded = try text(of: folder.appendingPathComponent("excluded"))
        let units = list.split(separator: "\n").map { line in
            let fields = line.split(separator: "\t", omittingEmptySubsequences: false).map(String.init)
            let name = fields.first ?? ""
            return Unit(
                name: name, isApple: fields.count > 1 && fields[1] == "apple",
                places: fields.count > 2 ? fields[2].split(separator: " ").map(String.init) : [],
                file: folder.appendingPathComponent("\(name)/\(name).swift"))
        }
        return Extraction(units: units, excluded: excluded.split(separator: "\n").map(String.init))
    }

    /// The units of every document, extracted once for the whole test run.
    static let all: Result<Extraction, Failure> = {
        do {
            return .success(try extract())
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    // MARK: - Swallowed configuration errors

    /// What the app configures, whose errors a reader must see: associated domains, patterns,
    /// redirect rules, manifests and the universal-link files, services.
    static let configurationNames = [
        "AssociatedDomains", "RoutePattern", "RedirectRules", "RouteManifest", "AppSiteAssociation",
        "AndroidIntentFilter", "register", "routeChanges",
    ]

    /// The places (`README.md:42`) where a unit turns a configuration error into silence: a `try?`
    /// on a line that configures something (``configurationNames``), or `?? .none`, which makes a
    /// typo in one associated domain into "every universal link refused". A reader copies the
    /// examples; an example that swallows the error teaches the one habit the configuration
    /// errors exist to stop.
    static func swallowedConfigurationErrors(in unit: Unit) throws -> [String] {
        var findings: [String] = []
        var place: (file: Substring, line: Int)?
        for line in try String(contentsOf: unit.file, encoding: .utf8).split(
            separator: "\n", omittingEmptySubsequences: false)
        {
            // #sourceLocation(file: "README.md", line: 12): the next line is line 12 of README.md.
            if line.hasPrefix("#sourceLocation(") {
                let parts = line.split(separator: "\"")
                let number = line.split(separator: " ").last.flatMap { Int($0.prefix { $0.isNumber }) }
                place = parts.count >= 3 ? number.map { (parts[1], $0) } : nil
                continue
            }
            defer { place?.line += 1 }
            if swallowsAConfigurationError(line), let place {
                findings.append("\(place.file):\(place.line): \(line.trimmingCharacters(in: .whitespaces))")
            }
        }
        return findings
    }

    /// Whether a line of code (its comment aside) swallows a configuration error: `try?` before a
    /// name of ``configurationNames``, or `?? .none`.
    static func swallowsAConfigurationError(_ line: some StringProtocol) -> Bool {
        let code = line.components(separatedBy: "//").first ?? ""
        if code.contains("?? .none") { return true }
        guard let found = code.range(of: "try?") else { return false }
        return configurationNames.contains { code[found.upperBound...].contains($0) }
    }

    // MARK: - Compiling

    /// How a unit was compiled, and what the compiler said.
    struct Compilation: Sendable {
        /// A unit with top-level statements is compiled as a `main.swift`, the others as a file of a
        /// library.
        let isScript: Bool
        let succeeded: Bool
        let output: String
    }

    /// The toolchain and build this test runs with, found once.
    struct Toolchain: Sendable {
        let swiftc: String
        /// The folder with `DispatchKit.swiftmodule` and `DispatchKitUI.swiftmodule`.
        let modules: String
        let moduleCache: String

        /// The package's settings, as Package.swift declares them, and a debug build's `DEBUG`, so
        /// that the code under `#if DEBUG` is checked too; warnings fail, as they fail the package's
        /// build. No `-package-name`: a reader's code sees the public API only.
        let settings: [String]

        var flags: [String] {
            settings + [
                "-D", "DEBUG", "-warnings-as-errors", "-I", modules, "-module-cache-path", moduleCache,
                "-diagnostic-style", "llvm",
            ]
        }
    }

    /// The compiler flags of Package.swift's settings: Swift 6 mode and each upcoming feature it
    /// enables (`.enableUpcomingFeature("ExistentialAny")`).
    static func packageSettings() throws -> [String] {
        let manifest = try String(contentsOf: root.appendingPathComponent("Package.swift"), encoding: .utf8)
        guard manifest.contains("swiftLanguageModes: [.v6]") else {
            throw Failure(
                description: "Package.swift no longer says swiftLanguageModes: [.v6]: update DocumentBlocks")
        }
        var flags = ["-swift-version", "6"]
        var rest = manifest[...]
        while let start = rest.range(of: ".enableUpcomingFeature(\"") {
            let feature = rest[start.upperBound...].prefix { $0 != "\"" }
            flags += ["-enable-upcoming-feature", String(feature)]
            rest = rest[start.upperBound...]
        }
        return flags
    }

    static let toolchain: Result<Toolchain, Failure> = {
        guard let swiftc = executable(named: "swiftc") else {
            return .failure(Failure(description: "no swiftc on PATH"))
        }
        guard let build = buildFolder() else {
            return .failure(
                Failure(
                    description:
                        "no Modules/DispatchKit.swiftmodule above the test binary \(testBinary() ?? "?")"))
        }
        let modules =
            FileManager.default.fileExists(atPath: build.appendingPathComponent("Modules").path)
            ? build.appendingPathComponent("Modules") : build
        // The build's own cache holds the C modules (Glibc, Foundation's) already: no cold start.
        let cache = build.appendingPathComponent("ModuleCache")
        do {
            return .success(
                Toolchain(
                    swiftc: swiftc, modules: modules.path, moduleCache: cache.path,
                    settings: try packageSettings()))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    /// The names of the units of ``all`` that have top-level statements, found once.
    static let scriptNames: Result<Set<String>, Failure> = {
        do {
            return .success(try scripts(among: all.get().units, toolchain: toolchain.get()))
        } catch let failure as Failure {
            return .failure(failure)
        } catch {
            return .failure(Failure(description: "\(error)"))
        }
    }()

    /// The units among `units` that have top-level statements, found in one parse of them all as
    /// library files (which is all the compiler needs to tell, and takes a fraction of a second).
    static func scripts(among units: [Unit], toolchain: Toolchain) throws -> Set<String> {
        guard !units.isEmpty else { return [] }
        // Copies without #sourceLocation, so that each message names the unit's own file.
        let folder = FileManager.default.temporaryDirectory
            .appendingPathComponent("doc-blocks-parse-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        var files: [String] = []
        for unit in units {
            let text = try text(of: unit.file)
            let plain = text.split(separator: "\n", omittingEmptySubsequences: false)
                .map { $0.hasPrefix("#sourceLocation(") ? "" : $0 }
                .joined(separator: "\n")
            let copy = folder.appendingPathComponent("\(unit.name).swift")
            try plain.write(to: copy, atomically: true, encoding: .utf8)
            files.append(copy.path)
        }
        let (_, output) = try runAndWait(
            toolchain.swiftc, ["-parse", "-parse-as-library", "-diagnostic-style", "llvm"] + files)
        var scripts: Set<String> = []
        for line in output.split(separator: "\n")
        where line.contains("are not allowed at the top level") {
            // /tmp/…/Doc_README_28.swift:12:1: error: expressions are not allowed at the top level
            let path = line.prefix { $0 != ":" }
            scripts.insert(URL(fileURLWithPath: String(path)).deletingPathExtension().lastPathComponent)
        }
        return scripts
    }

    /// Type-checks `unit` as a reader's module (named MyApp, as in Getting started), waiting for one
    /// of the slots that keep the compilers from taking more cores than the machine has.
    static func compile(_ unit: Unit, isScript: Bool, toolchain: Toolchain) async throws -> Compilation {
        await slots.acquire()
        defer { Task { await slots.release() } }
        let mode = isScript ? [] : ["-parse-as-library"]
        let (status, output) = try await run(
            toolchain.swiftc,
            ["-typecheck", "-module-name", "MyApp"] + mode + toolchain.flags + [unit.file.path])
        return Compilation(isScript: isScript, succeeded: status == 0, output: output)
    }

    private static let slots = Slots(ProcessInfo.processInfo.activeProcessorCount)

    /// A counting semaphore for tasks.
    private actor Slots {
        private var free: Int
        private var waiting: [CheckedContinuation<Void, Never>] = []

        init(_ count: Int) { free = max(1, count) }

        func acquire() async {
            if free > 0 {
                free -= 1
                return
            }
            await withCheckedContinuation { waiting.append($0) }
        }

        func release() {
            if waiting.isEmpty {
                free += 1
            } else {
                waiting.removeFirst().resume()
            }
        }
    }

    // MARK: - Finding the toolchain and the build

    static func executable(named name: String) -> String? {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for folder in path.split(separator: ":") {
            let candidate = "\(folder)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// The file of the binary this code is linked into: the test executable on Linux, the test
    /// bundle's binary on macOS.
    static func testBinary() -> String? {
        #if canImport(Darwin)
            var info = Dl_info()
            guard dladdr(#dsohandle, &info) != 0, let name = info.dli_fname else { return nil }
            return URL(fileURLWithPath: String(cString: name)).resolvingSymlinksInPath().path
        #else
            // Elsewhere the tests are linked into the executable (Glibc does not export dladdr).
            return try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe")
        #endif
    }

    /// The build folder of the test binary (`.build/<triple>/debug`, or the same under the scratch
    /// path of a sanitizer or coverage build): the first folder above it that holds DispatchKit's
    /// module, in `Modules/` (SwiftPM 6) or beside the products (earlier).
    static func buildFolder() -> URL? {
        guard let binary = testBinary() else { return nil }
        var folder = URL(fileURLWithPath: binary).deletingLastPathComponent()
        while folder.pathComponents.count > 1 {
            for modules in ["Modules/", ""]
            where FileManager.default.fileExists(
                atPath: folder.appendingPathComponent("\(modules)DispatchKit.swiftmodule").path)
            {
                return folder
            }
            folder = folder.deletingLastPathComponent()
        }
        return nil
    }

    // MARK: - Processes

    /// Runs a program to its end; its standard output and error, together, go through a file, so
    /// that any amount of output is safe.
    static func run(_ program: String, _ arguments: [String]) async throws -> (Int32, String) {
        let log = FileManager.default.temporaryDirectory
            .appendingPathComponent("doc-blocks-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw Failure(description: "cannot write \(log.path)")
        }
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let status: Int32 = try await withCheckedThrowingContinuation { continuation in
            let process = Process()
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = arguments
            process.standardOutput = handle
            process.standardError = handle
            process.terminationHandler = { continuation.resume(returning: $0.terminationStatus) }
            do {
                try process.run()
            } catch {
                continuation.resume(throwing: error)
            }
        }
        return (status, contents(of: log))
    }

    /// The text of a log file, empty if it cannot be read. Not `String(contentsOf:)`: on an empty
    /// file (a compile that printed nothing) this Foundation leaks its 4 KiB read buffer, which
    /// fails the AddressSanitizer run.
    static func contents(of file: URL) -> String {
        (try? text(of: file)) ?? ""
    }

    /// The text of a file the script wrote, which may be empty (see ``contents(of:)``).
    static func text(of file: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: file)
        defer { try? handle.close() }
        return String(decoding: try handle.readToEnd() ?? Data(), as: UTF8.self)
    }

    /// ``run(_:_:)`` for callers that cannot wait asynchronously (a static initializer).
    static func runAndWait(_ program: String, _ arguments: [String]) throws -> (Int32, String) {
        let log = FileManager.default.temporaryDirectory
            .appendingPathComponent("doc-blocks-\(UUID().uuidString).log")
        guard FileManager.default.createFile(atPath: log.path, contents: nil) else {
            throw Failure(description: "cannot write \(log.path)")
        }
        defer { try? FileManager.default.removeItem(at: log) }
        let handle = try FileHandle(forWritingTo: log)
        defer { try? handle.close() }
        let process = Process()
        process.executableURL = URL(fileURLWithPath: program)
        process.arguments = arguments
        process.standardOutput = handle
        process.standardError = handle
        try process.run()
        process.waitUntilExit()
        return (process.terminationStatus, contents(of: log))
    }
}
