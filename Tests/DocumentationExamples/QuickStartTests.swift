import Foundation
import Testing

/// The README's quick start, run as the program it is: it prints the page the URL opens, and
/// nothing else (no failure).
@Suite struct QuickStartTests {
    /// The executable sits next to the test bundle in the build products directory.
    static let executable: URL? = {
        let candidates =
            [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            + (CommandLine.arguments.first.map { [URL(fileURLWithPath: $0).deletingLastPathComponent()] }
                ?? [])
        return candidates.map { $0.appendingPathComponent("DocumentationQuickStart") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    @Test func theQuickStartOpensTheMinePage() throws {
        let executable = try #require(Self.executable, "DocumentationQuickStart not found next to the tests")
        let process = Process()
        process.executableURL = executable
        let output = Pipe()
        process.standardOutput = output
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(String(decoding: printed, as: UTF8.self) == "push MinePage(uid: 42)\n")
    }
}
