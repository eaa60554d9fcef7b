import Foundation
import Testing

/// The real `SampleApp` binary, run as a user runs it: exit statuses and what lands on which stream.
@Suite struct SampleAppExecutableTests {
    struct Run {
        var status: Int32
        var stdout: String
        var stderr: String
    }

    /// The binary sits next to the test bundle in the build products directory.
    static let executable: URL? = {
        let candidates =
            [Bundle.main.bundleURL, Bundle.main.bundleURL.deletingLastPathComponent()]
            + (CommandLine.arguments.first.map { [URL(fileURLWithPath: $0).deletingLastPathComponent()] }
                ?? [])
        return candidates.map { $0.appendingPathComponent("SampleApp") }
            .first { FileManager.default.isExecutableFile(atPath: $0.path) }
    }()

    func run(_ arguments: [String], stdin: String? = nil) throws -> Run {
        let executable = try #require(Self.executable, "SampleApp binary not found next to the tests")
        let process = Process()
        process.executableURL = executable
        process.arguments = arguments
        let out = Pipe()
        let err = Pipe()
        let input = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = input
        try process.run()
        if let stdin { input.fileHandleForWriting.write(Data(stdin.utf8)) }
        try input.fileHandleForWriting.close()
        let stdout = out.fileHandleForReading.readDataToEndOfFile()
        let stderr = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return Run(
            status: process.terminationStatus, stdout: String(decoding: stdout, as: UTF8.self),
            stderr: String(decoding: stderr, as: UTF8.self))
    }

    @Test func aGoodURLExitsZero() throws {
        let result = try run(["cono://test.com/mine_home?uid=42"])
        #expect(result.status == 0)
        #expect(result.stdout.contains("push MinePage(uid: 42)"))
        #expect(result.stderr.isEmpty)
    }

    @Test func aBadURLExitsOneAndExplainsOnStandardError() throws {
        let result = try run(["cono://test.com/mine_home?uid=%zz"])
        #expect(result.status == 1)
        #expect(result.stderr == "  error: invalid URL: malformed percent-escape \"%zz\" at offset 30\n")
    }

    @Test func inputsThatBreakNaiveRoutersDoNotCrashTheApp() throws {
        let hostile = [
            "", " ", "%", "app://[", "app://x:99999999999999999999/", "//", "?&&==", "#",
            String(repeating: "/..", count: 5_000), "/" + String(repeating: "a", count: 20_000),
            "app://x/%C0%AF",
        ]
        let result = try run(hostile)
        // Exit status 1 (not a signal), one error line per input: invalid URLs are reported as such,
        // and "//", "?&&==" and "#" parse but reach the web fallback, which refuses non-http links.
        #expect(result.status == 1)
        let errors = result.stderr.split(separator: "\n")
        #expect(errors.count == hostile.count)
        #expect(errors.filter { $0.contains("error: invalid URL:") }.count == hostile.count - 3)
    }

    @Test func standardInputDrivesTheAppAndItsCommands() throws {
        let result = try run([], stdin: "routes\ncono://test.com/product/9\nwhy cono://test.com/product/9\n")
        #expect(result.status == 0)
        #expect(result.stdout.contains("Registered activities, in consultation order:"))
        #expect(result.stdout.contains("push ProductPage(id: 9)"))
        #expect(result.stdout.contains("ProductActivity       yes  <- wins  (id=9)"))
    }
}
